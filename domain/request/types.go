package request

import "strings"

// Origin is the request's document origin (spec portal-business §3, "Document origin").
type Origin int

// Origins of requests.
const (
	Folha                    Origin = 1
	Relatorio                Origin = 2
	Compra                   Origin = 3
	PedidoCompra             Origin = 4
	EPI                      Origin = 5
	UsoEConsumo              Origin = 6
	Beneficio                Origin = 7
	Reembolso                Origin = 8
	Medicamento              Origin = 9
	Ferias                   Origin = 10
	Rescisao                 Origin = 11
	AjustePonto              Origin = 12
	MovimentacaoPessoal      Origin = 13
	ContasPagar              Origin = 14
	ImagemReconhecimento     Origin = 15
	AprovacaoEtapaScrumBoard Origin = 16
)

// ToolsPrefix is the purchased-list prefix of request tool types (spec §2 Requests).
const ToolsPrefix = "pwa-req-tools-"

// TypeInfo describes a request type: its purchased code, whether an approved request of it
// is delivered, whether it takes the absence fields (§3), and whether it is filed through
// the generic request calls or only by its own module (with its own payload).
type TypeInfo struct {
	Origin   Origin
	Code     string // pwa-req-tools-<Code>
	Delivery bool
	Absence  bool
	Generic  bool
}

// Catalogue lists every origin that can be a request type, in display order. Purchase
// orders, accounts payable and scrum-board stage approval are not request types (§2: they
// are excluded from the request list).
var Catalogue = []TypeInfo{
	{Folha, "folha", false, true, true},
	{Relatorio, "relatorio", false, false, true},
	{Compra, "compra", true, false, true},
	{EPI, "epi", true, false, true},
	{UsoEConsumo, "usoeconsumo", true, false, true},
	{Beneficio, "beneficio", true, false, true},
	{Reembolso, "reembolso", false, false, true},
	{Medicamento, "medicamento", true, false, true},
	{Ferias, "ferias", false, false, true},
	{Rescisao, "rescisao", false, false, true},
	// Punch adjustments carry their own payload and are filed by the clock module's calls.
	{AjustePonto, "ajusteponto", false, false, false},
	{MovimentacaoPessoal, "movimentacaopessoal", false, true, true},
	{ImagemReconhecimento, "reconhecimentofacial", false, false, true},
}

// Lookup finds a type by origin.
func Lookup(o Origin) (TypeInfo, bool) {
	for _, t := range Catalogue {
		if t.Origin == o {
			return t, true
		}
	}
	return TypeInfo{}, false
}

// LookupCode finds a type by its code (case-insensitive).
func LookupCode(code string) (TypeInfo, bool) {
	code = strings.ToLower(strings.TrimSpace(code))
	for _, t := range Catalogue {
		if t.Code == code {
			return t, true
		}
	}
	return TypeInfo{}, false
}

// PurchasedTypes is the request types a purchased list opens: the entries with the prefix
// pwa-req-tools- whose code is a request type. Menu-only ids (pwa-req-tools-request,
// pwa-req-tools-delivery) and the excluded origins match no type and are dropped.
func PurchasedTypes(purchased []string) []TypeInfo {
	has := map[string]bool{}
	for _, p := range purchased {
		if code, ok := strings.CutPrefix(strings.ToLower(strings.TrimSpace(p)), ToolsPrefix); ok {
			has[code] = true
		}
	}
	var out []TypeInfo
	for _, t := range Catalogue {
		if has[t.Code] {
			out = append(out, t)
		}
	}
	return out
}
