// Package seed fills an empty database with two demo tenants: their organisation, about
// 150 employees each with user accounts, virtual fences, and the demo sign-ins the README
// lists. It is deterministic (fixed random seed, name-derived ids) and idempotent.
package seed

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/auth"
	vacationcmd "portal/commands/vacation"
	"portal/domain/clock"
	"portal/eventstore"
	"portal/projections"
	fenceproj "portal/projections/fence"
)

// The demo tenants.
const (
	DemoCode = "DEMOCORP"
	DemoName = "Demo Corp"
	AcmeCode = "ACMECORP"
	AcmeName = "Acme Corp"
)

// DemoPassword is the password of every named demo user.
const DemoPassword = "Demo@2024!"

// Named demo users. All of DEMOCORP's but the kiosk are employees of the Operações
// department, managed by Marcos, except Helena, who heads Recursos Humanos, and Lívia, who
// works there.
const (
	UserAna    = "ana.souza"       // employee (pwa-rh-col) with two fences and two saved addresses
	UserMarcos = "marcos.lima"     // Ana's manager (pwa-rh-ges)
	UserHelena = "helena.rh"       // HR admin (pwa-rh-adm, Admin flag)
	UserPedro  = "pedro.ferias"    // employee in a layoff period covering the seed's now
	UserJoao   = "joao.inativo"    // inactive employee (pwa-rh-inativo)
	UserTotem  = "totem.portaria"  // kiosk account, no employee record
	UserCarla  = "carla.acme"      // ACMECORP employee with one fence
	UserNova   = "nova.senha"      // DEMOCORP account that must choose a new password at its first sign-in
	UserLivia  = "livia.auditoria" // auditor (pwa-rh-auditor): reads the audit area, changes nothing
)

// EmployeesPerTenant is how many employees each tenant gets, named ones included.
const EmployeesPerTenant = 150

// AddressSavedType is the event type of a saved time-clock address.
const AddressSavedType = "clock.address_saved.v1"

// Places of the demo offices.
const (
	OfficeLat     = -23.5614 // DEMOCORP head office, Av. Paulista, São Paulo
	OfficeLon     = -46.6559
	BranchLat     = -23.5614 // DEMOCORP Jardins branch, 1.5 km west of the office
	BranchLon     = -46.6706
	AcmeOfficeLat = -22.9068 // ACMECORP head office, Centro, Rio de Janeiro
	AcmeOfficeLon = -43.1729
)

// namespace roots every seeded id, so ids are the same on every machine and every run.
var namespace = uuid.NewSHA1(uuid.NameSpaceURL, []byte("https://portal.local/seed"))

func derive(parts ...string) uuid.UUID {
	return uuid.NewSHA1(namespace, []byte(strings.Join(parts, "/")))
}

// TenantID is the id of a seeded tenant.
func TenantID(code string) uuid.UUID { return derive("tenant", code) }

// EmployeeID is the id of a seeded employee, by tenant code and user name.
func EmployeeID(code, userName string) uuid.UUID { return derive("employee", code, userName) }

// UserID is the id of a seeded user account.
func UserID(code, userName string) uuid.UUID { return derive("user", code, userName) }

// UserHash is the seeded user's hash (the spec's userHash): 32 hex digits.
func UserHash(code, userName string) string {
	id := derive("user-hash", code, userName)
	return hex.EncodeToString(id[:])
}

// AddressKey is the ukey of a seeded saved address.
func AddressKey(code, userName string, n int) uuid.UUID {
	return derive("address", code, userName, fmt.Sprint(n))
}

// Run seeds the demo tenants unless DEMOCORP already exists, without DEMOCORP's year of
// history. Tables are written in one transaction as the pool's own role (COPY is not allowed
// under row-level security); the log is written after them, in business-time order (see
// timeline.go), only by the run that created the tenants: a seeded demo is left as it is.
func Run(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, now time.Time) error {
	_, err := run(ctx, pool, store, now, false)
	return err
}

// RunWithHistory is Run with DEMOCORP's year of history (punches, mood check-ins,
// reimbursements, quarterly eNPS surveys) in the log before the demo's current events.
// History goes only into a demo seeded by this run (it must precede the demo's current
// events): added tells whether it was written, and `portal serve` then rebuilds the read
// models in bulk instead of projecting (and pushing) a year of events one by one.
func RunWithHistory(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, now time.Time) (added bool, err error) {
	return run(ctx, pool, store, now, true)
}

func run(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, now time.Time, withHistory bool) (added bool, err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("seed: %w", err)
		}
	}()
	now = now.UTC()
	hs, ok := store.(historyAppender)
	if !ok {
		return false, errNoHistory
	}
	created, err := createTenants(ctx, pool, now)
	if err != nil {
		return false, err
	}
	if err := requestSetup(ctx, pool, now); err != nil {
		return false, err
	}
	if !created {
		// A seed stopped between the tables and the log is completed; a written log is kept.
		if err := pool.QueryRow(ctx, `SELECT NOT EXISTS (SELECT FROM events WHERE tenant_id = $1)`, TenantID(DemoCode)).Scan(&created); err != nil || !created {
			return false, err
		}
	}
	s := &historyStore{historyAppender: hs}
	tl := &timeline{}
	if err := planDemo(ctx, pool, s, tl, now); err != nil {
		return false, err
	}
	if withHistory {
		if err := planHistory(ctx, pool, s, tl, now); err != nil {
			return false, err
		}
	}
	if err := tl.write(ctx, s); err != nil {
		return false, err
	}
	// The session and the punch read the effective fences from the first request on.
	if _, err := projections.Replay(ctx, pool, store, fenceproj.Fences{}, nil); err != nil {
		return false, err
	}
	// The tenant configuration goes through the settings command, which records its change
	// now: the last of the seed's events.
	if err := seedSettings(ctx, pool, func() time.Time { return now }); err != nil {
		return false, err
	}
	return withHistory, nil
}

// createTenants writes the tables of both tenants unless DEMOCORP exists; created tells
// whether this call wrote them.
func createTenants(ctx context.Context, pool *pgxpool.Pool, now time.Time) (created bool, err error) {
	var exists bool
	if err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT FROM tenants WHERE access_code = $1)`, DemoCode).Scan(&exists); err != nil || exists {
		return false, err
	}
	tenants, err := plan(now)
	if err != nil {
		return false, err
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		// Two seeds started at once: the second waits here, then finds the tenant.
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('portal.seed'))`); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT FROM tenants WHERE access_code = $1)`, DemoCode).Scan(&exists); err != nil || exists {
			return err
		}
		if err := write(ctx, tx, tenants); err != nil {
			return err
		}
		return seedAdjustments(ctx, tx)
	})
	return err == nil && !exists, err
}

// goLive is when the demo's portal went live: a year before now. The log starts there.
func goLive(now time.Time) time.Time { return dateOf(now).AddDate(0, 0, -365).Add(9 * time.Hour) }

// planDemo plans the demo's log besides the year of history: the vacation entitlements opened
// at go-live with every employee's vacations (planVacations), Ana's two saved addresses, her
// demo requests and the pending surveys with their first answers (now).
func planDemo(ctx context.Context, pool *pgxpool.Pool, s *historyStore, tl *timeline, now time.Time) error {
	for _, code := range []string{DemoCode, AcmeCode} {
		tenant := TenantID(code)
		tl.do(goLive(now), func(ctx context.Context) error {
			_, err := vacationcmd.OpenEntitlements(ctx, pool, s, tenant)
			return err
		})
		if err := planVacations(ctx, pool, tl, code, now); err != nil {
			return err
		}
		if err := planRep(ctx, pool, tl, code, now); err != nil {
			return err
		}
	}
	if err := planAddresses(tl, now); err != nil {
		return err
	}
	if err := planFences(ctx, pool, tl, now); err != nil {
		return err
	}
	planPayroll(pool, s, tl, now)
	tl.do(now, func(ctx context.Context) error { return demoRequests(ctx, pool, s, now) })
	tl.do(now, func(ctx context.Context) error { return seedSurveys(ctx, pool, s, now) })
	return nil
}

// savedAddress is the data of a clock.address_saved.v1 event.
type savedAddress struct {
	Ukey    uuid.UUID `json:"ukey"`
	Address string    `json:"address"`
	Lat     float64   `json:"lat"`
	Lon     float64   `json:"lon"`
	SavedAt string    `json:"savedAt"`
}

// planAddresses plans Ana's two saved addresses on her clock stream, saved by her 20 and 5
// days ago.
func planAddresses(tl *timeline, now time.Time) error {
	tenant := TenantID(DemoCode)
	stream := clock.Stream(EmployeeID(DemoCode, UserAna))
	addresses := []savedAddress{
		{AddressKey(DemoCode, UserAna, 1), "Av. Paulista, 1578 - Bela Vista, São Paulo - SP, 01310-200",
			OfficeLat, OfficeLon, now.Add(-20 * 24 * time.Hour).Truncate(time.Second).Format(time.RFC3339)},
		{AddressKey(DemoCode, UserAna, 2), "Rua Oscar Freire, 900 - Jardins, São Paulo - SP, 01426-001",
			-23.5636, -46.6698, now.Add(-5 * 24 * time.Hour).Truncate(time.Second).Format(time.RFC3339)},
	}
	for i, a := range addresses {
		data, err := json.Marshal(a)
		if err != nil {
			return err
		}
		at, _ := time.Parse(time.RFC3339, a.SavedAt)
		tl.add(at, tenant, UserID(DemoCode, UserAna), stream, fmt.Sprintf("seed-address-%d", i+1), eventstore.EventData{
			ID: derive("event", "address-saved", a.Ukey.String()), Type: AddressSavedType, SchemaVersion: 1, Data: data})
	}
	return nil
}

// ---- the plan: what to write, computed in memory first ----

type place struct {
	name     string
	lat, lon float64
	ddd      string // telephone area code
}

type department struct {
	name      string
	positions []string
}

type person struct {
	userName    string
	displayName string
	dept        string
	unit        int
	position    string
	roles       []string
	admin       bool
	status      string
	head        bool   // heads its department
	manager     string // user name of the manager; empty: the department head
	hireDaysAgo int
	schedule    string
	layoff      []period
	fences      []fence // nil: one fence at the unit
	noEmployee  bool
	password    bool // has DemoPassword
	mustChange  bool // must choose a new password at the next sign-in
}

type period struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

type fence struct {
	desc     string
	lat, lon float64
}

type tenantSpec struct {
	code, name, mailDomain string
	purchased              string // licensed modules of every user (comma list)
	units                  []place
	departments            []department
	named                  []person
}

var tenantSpecs = []tenantSpec{
	{
		code: DemoCode, name: DemoName, mailDomain: "democorp.com.br", purchased: auth.PayrollModule + "," + SurveyModules + "," + auth.AllDashboardsEntitlement + "," + AbsenteeismModule,
		units: []place{
			{"Matriz Paulista", OfficeLat, OfficeLon, "11"},
			{"Filial Jardins", BranchLat, BranchLon, "11"},
			{"Unidade Campinas", -22.9056, -47.0608, "19"},
		},
		departments: []department{
			{"Operações", []string{"Analista de Operações", "Assistente de Operações", "Supervisor de Operações"}},
			{"Recursos Humanos", []string{"Analista de RH", "Assistente de Departamento Pessoal", "Especialista em Recrutamento"}},
			{"Tecnologia da Informação", []string{"Desenvolvedor de Software", "Analista de Suporte", "Analista de Dados"}},
			{"Financeiro", []string{"Analista Financeiro", "Assistente Contábil", "Tesoureiro"}},
			{"Comercial", []string{"Executivo de Vendas", "Representante Comercial", "Analista Comercial"}},
			{"Atendimento ao Cliente", []string{"Atendente", "Analista de Atendimento"}},
			{"Marketing", []string{"Analista de Marketing", "Designer Gráfico"}},
			{"Jurídico", []string{"Advogado", "Assistente Jurídico"}},
			{"Facilities", []string{"Recepcionista", "Porteiro", "Auxiliar de Manutenção"}},
		},
		named: []person{
			{userName: UserMarcos, displayName: "Marcos Lima", dept: "Operações", position: "Gerente de Operações",
				roles: []string{auth.RoleManager, auth.RoleCollaborator}, head: true, hireDaysAgo: 2900, schedule: "fixed", password: true},
			{userName: UserHelena, displayName: "Helena Ribeiro", dept: "Recursos Humanos", position: "Gerente de Recursos Humanos",
				roles: []string{auth.RoleHRAdmin, auth.RoleCollaborator}, admin: true, head: true, hireDaysAgo: 3300, schedule: "fixed", password: true},
			{userName: UserAna, displayName: "Ana Souza", dept: "Operações", position: "Analista de Operações",
				roles: []string{auth.RoleCollaborator}, manager: UserMarcos, hireDaysAgo: 1100, schedule: "fixed", password: true,
				fences: []fence{{"Escritório Paulista", OfficeLat, OfficeLon}, {"Filial Jardins", BranchLat, BranchLon}}},
			{userName: UserPedro, displayName: "Pedro Almeida", dept: "Operações", position: "Assistente de Operações",
				roles: []string{auth.RoleCollaborator}, manager: UserMarcos, hireDaysAgo: 800, schedule: "12x36", password: true},
			{userName: UserJoao, displayName: "João Pereira", dept: "Operações", position: "Assistente de Operações",
				roles: []string{auth.RoleInactive}, status: "inactive", manager: UserMarcos, hireDaysAgo: 2000, schedule: "fixed", password: true},
			{userName: UserTotem, displayName: "Totem Portaria", roles: []string{auth.RoleKiosk}, noEmployee: true, password: true},
			{userName: UserNova, displayName: "Nova Senha", roles: []string{auth.RoleCollaborator}, noEmployee: true, password: true,
				mustChange: true},
			{userName: UserLivia, displayName: "Lívia Auditoria", dept: "Recursos Humanos", position: "Analista de RH",
				roles: []string{auth.RoleAuditor, auth.RoleCollaborator}, manager: UserHelena, hireDaysAgo: 600, schedule: "fixed", password: true},
		},
	},
	{
		code: AcmeCode, name: AcmeName, mailDomain: "acmecorp.com.br",
		units: []place{
			{"Sede Centro", AcmeOfficeLat, AcmeOfficeLon, "21"},
			{"Unidade Niterói", -22.8832, -43.1034, "21"},
			{"Unidade Belo Horizonte", -19.9167, -43.9345, "31"},
		},
		departments: []department{
			{"Produção", []string{"Operador de Produção", "Técnico de Manutenção", "Supervisor de Produção"}},
			{"Engenharia", []string{"Engenheiro de Processos", "Projetista", "Técnico em Automação"}},
			{"Qualidade", []string{"Inspetor de Qualidade", "Analista de Qualidade"}},
			{"Suprimentos", []string{"Comprador", "Auxiliar de Almoxarifado"}},
			{"Recursos Humanos", []string{"Analista de RH", "Assistente de Departamento Pessoal"}},
			{"Financeiro", []string{"Analista Financeiro", "Assistente Contábil"}},
			{"Comercial", []string{"Executivo de Vendas", "Analista Comercial"}},
		},
		named: []person{
			{userName: UserCarla, displayName: "Carla Mendes", dept: "Engenharia", position: "Engenheiro de Processos",
				roles: []string{auth.RoleCollaborator}, hireDaysAgo: 1500, schedule: "fixed", password: true,
				fences: []fence{{"Sede Centro", AcmeOfficeLat, AcmeOfficeLon}}},
		},
	},
}

// Rows to write.
type tenantRows struct {
	spec      tenantSpec
	id        uuid.UUID
	today     time.Time
	units     [][]any
	depts     [][]any
	positions [][]any
	employees [][]any
	users     [][]any
}

func dateOf(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

func day(t time.Time) string { return t.Format(time.DateOnly) }

// plan computes every row from the specs, a fixed random seed per tenant and now.
func plan(now time.Time) ([]tenantRows, error) {
	demoHash, err := auth.HashPassword(DemoPassword)
	if err != nil {
		return nil, err
	}
	// Generated employees share one hash of a password nobody knows: they exist to fill
	// lists, and hashing 300 passwords would take seconds.
	unknown := make([]byte, 24)
	for i := range unknown {
		unknown[i] = byte(rand.Uint32())
	}
	bulkHash, err := auth.HashPassword(hex.EncodeToString(unknown))
	if err != nil {
		return nil, err
	}
	today := dateOf(now)
	var out []tenantRows
	for _, spec := range tenantSpecs {
		out = append(out, planTenant(spec, today, demoHash, bulkHash))
	}
	return out, nil
}

func planTenant(spec tenantSpec, today time.Time, demoHash, bulkHash string) tenantRows {
	h := fnv.New64a()
	h.Write([]byte(spec.code))
	rng := rand.New(rand.NewPCG(h.Sum64(), 20240101))
	code := spec.code
	r := tenantRows{spec: spec, id: TenantID(code), today: today}

	unitIDs := make([]uuid.UUID, len(spec.units))
	for i, u := range spec.units {
		unitIDs[i] = derive("unit", code, u.name)
		r.units = append(r.units, []any{r.id, unitIDs[i], u.name})
	}
	deptIDs := map[string]uuid.UUID{}
	posIDs := map[string]uuid.UUID{}
	addPosition := func(name string) uuid.UUID {
		if id, ok := posIDs[name]; ok {
			return id
		}
		id := derive("position", code, name)
		posIDs[name] = id
		r.positions = append(r.positions, []any{r.id, id, name})
		return id
	}
	for _, d := range spec.departments {
		deptIDs[d.name] = derive("department", code, d.name)
		r.depts = append(r.depts, []any{r.id, deptIDs[d.name], d.name})
		for _, p := range d.positions {
			addPosition(p)
		}
	}

	// People: department heads first (the employees' foreign key to their manager), then
	// the named employees, then generated ones up to EmployeesPerTenant.
	taken := map[string]bool{}
	for _, p := range spec.named {
		taken[p.userName] = true
	}
	newName := func() (string, string) {
		for {
			var first string
			if rng.IntN(2) == 0 {
				first = firstNamesF[rng.IntN(len(firstNamesF))]
			} else {
				first = firstNamesM[rng.IntN(len(firstNamesM))]
			}
			last := surnames[rng.IntN(len(surnames))]
			display := first + " " + last
			if rng.IntN(3) == 0 { // some people go by two surnames
				if mid := surnames[rng.IntN(len(surnames))]; mid != last {
					display = first + " " + mid + " " + last
				}
			}
			user := ascii(first) + "." + ascii(last)
			if len(user) > 20 || taken[user] {
				continue
			}
			taken[user] = true
			return user, display
		}
	}

	var people []person
	heads := map[string]string{} // department -> head's user name
	for _, p := range spec.named {
		if p.head {
			heads[p.dept] = p.userName
		}
	}
	for _, d := range spec.departments {
		if _, ok := heads[d.name]; ok {
			continue
		}
		user, display := newName()
		heads[d.name] = user
		people = append(people, person{userName: user, displayName: display, dept: d.name,
			position: "Gerente de " + d.name, roles: []string{auth.RoleManager, auth.RoleCollaborator}, head: true,
			unit: rng.IntN(len(spec.units)), hireDaysAgo: 1500 + rng.IntN(2100), schedule: "fixed"})
	}
	var namedHeads, namedOthers []person
	for _, p := range spec.named {
		if p.head {
			namedHeads = append(namedHeads, p)
		} else {
			namedOthers = append(namedOthers, p)
		}
	}
	people = append(namedHeads, people...)
	people = append(people, namedOthers...)
	employees := 0
	for _, p := range people {
		if !p.noEmployee {
			employees++
		}
	}
	for n := 0; employees < EmployeesPerTenant; n++ {
		user, display := newName()
		d := spec.departments[rng.IntN(len(spec.departments))]
		p := person{userName: user, displayName: display, dept: d.name,
			position: d.positions[rng.IntN(len(d.positions))], roles: []string{auth.RoleCollaborator},
			unit: rng.IntN(len(spec.units)), hireDaysAgo: rng.IntN(3650)}
		switch x := rng.IntN(10); {
		case x < 6:
			p.schedule = "fixed"
		case x < 8:
			p.schedule = "12x36"
		default:
			p.schedule = "flexible"
		}
		switch n % 40 {
		case 7: // a few former employees
			p.status, p.roles = "inactive", []string{auth.RoleInactive}
		case 19: // on leave right now
			p.status = "away"
			start := today.AddDate(0, 0, -rng.IntN(30))
			p.layoff = []period{{day(start), day(start.AddDate(0, 0, 30+rng.IntN(60)))}}
		case 3, 27: // back from a leave last year
			start := today.AddDate(-1, 0, -rng.IntN(120))
			p.layoff = []period{{day(start), day(start.AddDate(0, 0, 5+rng.IntN(25)))}}
		}
		if n%30 == 11 { // a few hires of this month (the "admitidos do mês" screen)
			p.hireDaysAgo = n % today.Day()
		}
		people = append(people, p)
		employees++
	}

	seq := 0
	for _, p := range people {
		uid := UserID(code, p.userName)
		hash := bulkHash
		if p.password {
			hash = demoHash
		}
		email := p.userName + "@" + spec.mailDomain
		var empID *uuid.UUID
		if !p.noEmployee {
			id := EmployeeID(code, p.userName)
			empID = &id
			seq++
			var manager *uuid.UUID
			if !p.head {
				m := p.manager
				if m == "" {
					m = heads[p.dept]
				}
				mid := EmployeeID(code, m)
				manager = &mid
			}
			unit := spec.units[p.unit]
			status := p.status
			if status == "" {
				status = "active"
			}
			layoff := p.layoff
			if p.userName == UserPedro {
				layoff = []period{{day(today.AddDate(0, 0, -10)), day(today.AddDate(0, 0, 20))}}
			}
			if layoff == nil {
				layoff = []period{}
			}
			hire := today.AddDate(0, 0, -p.hireDaysAgo)
			phone := fmt.Sprintf("(%s) 9%04d-%04d", unit.ddd, 1000+rng.IntN(9000), rng.IntN(10000))
			r.employees = append(r.employees, []any{r.id, id, fmt.Sprintf("%06d", seq), p.displayName, email, phone,
				hire, unitIDs[p.unit], deptIDs[p.dept], addPosition(p.position), manager,
				p.schedule, schedule(p.schedule, hire, rng), status, mustJSON(layoff), birthDate(code, p.userName, today),
				terminated(code, p.userName, status, hire, today)})

		}
		dynamic := map[string]int{"altera_localizacao": 0, "eNPS": 1, "clima": 1, "enquete": 1}
		r.users = append(r.users, []any{r.id, uid, p.userName, UserHash(code, p.userName), hash, empID,
			p.displayName, email, p.roles, p.admin, true, "pt", strings.Trim(spec.purchased+","+purchasedModules, ","), "", mustJSON(dynamic), vacationSwitches(p), p.mustChange})
	}
	return r
}

// schedule is the weekly work schedule as JSON. Every type has "weekly" (day -> working
// intervals, the reference week) and "weeklyHours"; 12x36 adds the cycle's first day, from
// which shifts alternate with 36-hour rests.
func schedule(kind string, hire time.Time, rng *rand.Rand) json.RawMessage {
	type span struct {
		Start string `json:"start"`
		End   string `json:"end"`
	}
	days := []string{"mon", "tue", "wed", "thu", "fri", "sat", "sun"}
	weekly := map[string][]span{}
	for _, d := range days {
		weekly[d] = []span{}
	}
	out := map[string]any{"type": kind, "weekly": weekly}
	switch kind {
	case "12x36":
		start := []string{"07:00", "19:00"}[rng.IntN(2)]
		end := map[string]string{"07:00": "19:00", "19:00": "07:00"}[start]
		// The reference week starts on the cycle's first day: shifts on days 0, 2, 4 and 6.
		for i := 0; i < 7; i += 2 {
			wd := hire.AddDate(0, 0, i).Weekday()
			weekly[days[(int(wd)+6)%7]] = []span{{start, end}}
		}
		out["cycleStart"] = day(hire)
		out["weeklyHours"] = 42
	case "flexible":
		for _, d := range days[:5] {
			weekly[d] = []span{{"07:00", "20:00"}}
		}
		out["core"] = span{"10:00", "16:00"}
		out["weeklyHours"] = 40
	default:
		begin := []string{"08:00", "09:00"}[rng.IntN(2)]
		lunch, back, end := "12:00", "13:00", "17:48"
		if begin == "09:00" {
			lunch, back, end = "13:00", "14:00", "18:48"
		}
		for _, d := range days[:5] {
			weekly[d] = []span{{begin, lunch}, {back, end}}
		}
		out["weeklyHours"] = 44
	}
	return mustJSON(out)
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func ascii(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if a, ok := unaccent[r]; ok {
			r = a
		}
		b.WriteRune(r)
	}
	return b.String()
}

// write stores the planned rows with COPY.
func write(ctx context.Context, tx pgx.Tx, tenants []tenantRows) error {
	for _, t := range tenants {
		s := t.spec
		urls := map[string]string{
			"linkedin": "https://www.linkedin.com/company/" + strings.ToLower(s.code),
			"facebook": "", "youTube": "", "spotify": "",
			"url": "https://www." + s.mailDomain, "title": s.name,
		}
		provider := map[string]string{"url": "https://portal.example.com.br", "title": "Portal RH"}
		if _, err := tx.Exec(ctx, `INSERT INTO tenants (id, access_code, name, settings, urls, provider)
			VALUES ($1, $2, $3, $4, $5, $6)`,
			t.id, s.code, s.name, mustJSON(map[string]string{"layout": "layout1"}), mustJSON(urls), mustJSON(provider)); err != nil {
			return err
		}
	}
	if err := writeHome(ctx, tx); err != nil {
		return err
	}
	copies := []struct {
		table   string
		columns []string
		rows    func(tenantRows) [][]any
	}{
		{"business_units", []string{"tenant_id", "id", "name"}, func(t tenantRows) [][]any { return t.units }},
		{"departments", []string{"tenant_id", "id", "name"}, func(t tenantRows) [][]any { return t.depts }},
		{"positions", []string{"tenant_id", "id", "name"}, func(t tenantRows) [][]any { return t.positions }},
		{"employees", []string{"tenant_id", "id", "code", "name", "email", "phone", "hire_date", "business_unit_id",
			"department_id", "position_id", "manager_id", "schedule_type", "schedule", "status", "layoff", "birth_date", "termination_date"},
			func(t tenantRows) [][]any { return t.employees }},
		{"users", []string{"tenant_id", "id", "user_name", "hash", "password_hash", "employee_id", "display_name",
			"email", "roles", "admin", "active", "language", "purchased", "deny", "dynamic_access", "access_config",
			"must_change_password"},
			func(t tenantRows) [][]any { return t.users }},
	}
	for _, c := range copies {
		var rows [][]any
		for _, t := range tenants {
			rows = append(rows, c.rows(t)...)
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{c.table}, c.columns, pgx.CopyFromRows(rows)); err != nil {
			return fmt.Errorf("copy %s: %w", c.table, err)
		}
	}
	if err := writePeople(ctx, tx, tenants); err != nil {
		return err
	}
	if err := writeEstablishments(ctx, tx, tenants); err != nil {
		return err
	}
	return writeHolidays(ctx, tx)
}

// AbsenteeismModule is the purchased access id of the absenteeism screens (menu rh_004_06
// and admin-absenteismo); DEMOCORP bought it.
const AbsenteeismModule = "pwa-rh-absent"
