// Package domain holds what every business area shares: the kinds of rule errors.
package domain

// Kind says what sort of refusal an error is; the API maps kinds to HTTP statuses.
type Kind int

// Kinds of domain errors.
const (
	Invalid   Kind = iota + 1 // malformed or out-of-range input
	Refused                   // well-formed, but a business rule says no
	NotFound                  // the thing does not exist (for this tenant)
	Conflict                  // the state changed meanwhile, or a duplicate
	Forbidden                 // the caller may not do this
)

// Message keys every area answers with. The web app translates them (platform/messages
// checks that each key the server sends has its pt, en and es text); an area declares only
// its own keys beside these.
const (
	KeyRequired  = "campo_obrigatorio"
	KeyInvalid   = "valor_invalido"
	KeyTooLong   = "texto_muito_longo"
	KeyNotFound  = "nao_encontrado"
	KeyDenied    = "acesso_negado"
	KeyBadDate   = "data_invalida"
	KeyDateRange = "data_fora_intervalo"
)

// Error is a rule error: Field names the input it concerns (the spec's `type`), Key is the
// i18n message key the web app translates.
type Error struct {
	Kind  Kind
	Field string
	Key   string
}

func (e *Error) Error() string { return e.Field + ": " + e.Key }

// Errorf-free constructors keep call sites short.
func InvalidField(field, key string) *Error { return &Error{Kind: Invalid, Field: field, Key: key} }

// Refusal is a business rule saying no.
func Refusal(field, key string) *Error { return &Error{Kind: Refused, Field: field, Key: key} }
