package projections

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/eventstore"
)

// Tabled is a projection that names its read-model tables: it can be rebuilt into a shadow
// copy of them (ReplayShadow).
type Tabled interface {
	Projection
	Tables() []string
}

// truncate empties tables (a projection's Reset).
func Truncate(ctx context.Context, tx pgx.Tx, tables []string) error {
	quoted := make([]string, len(tables))
	for i, t := range tables {
		quoted[i] = pgx.Identifier{t}.Sanitize()
	}
	_, err := tx.Exec(ctx, `TRUNCATE `+strings.Join(quoted, ", "))
	return err
}

// ShadowSchema is the schema a projection's shadow copy lives in: one per projection, and
// per tenant for a rebuild of one tenant's events.
func ShadowSchema(name string, tenant uuid.UUID) string {
	if tenant == uuid.Nil {
		return "shadow_" + name
	}
	return "shadow_" + name + "_" + strings.ReplaceAll(tenant.String(), "-", "")[:12]
}

// ShadowProgress is how far a shadow rebuild is.
type ShadowProgress struct {
	Done    int64         `json:"done"`
	Total   int64         `json:"total"`
	Rate    float64       `json:"rate"` // events/s so far
	Elapsed time.Duration `json:"elapsed"`
	ETA     time.Duration `json:"eta"`
}

// TableDiff compares one table of the live read model with its shadow rebuild, row by row on
// the table's primary key: rows the live model lacks (missing: only in the rebuild), rows it
// should not have (extra: only live), and rows in both with different values. Samples are a
// few keys of each.
type TableDiff struct {
	Table     string   `json:"table"`
	Live      int64    `json:"live"`
	Shadow    int64    `json:"shadow"`
	Missing   int64    `json:"missing"`
	Extra     int64    `json:"extra"`
	Different int64    `json:"different"`
	Samples   []string `json:"samples"`
}

// ReplayShadow rebuilds projection p from the whole log (only tenant's events, unless tenant
// is uuid.Nil) into a copy of its tables in schema ShadowSchema (made anew, with its own
// checkpoint, parked events and deferred indexes) while the live read model keeps serving
// and its runner keeps running, then compares the copy with the live tables (tenant's rows).
// progress gets the figures after every batch. The shadow stays until the next rebuild, for
// inspection.
func ReplayShadow(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, p Tabled, tenant uuid.UUID, progress func(ShadowProgress)) ([]TableDiff, error) {
	name := ShadowSchema(p.Name(), tenant)
	schema := pgx.Identifier{name}.Sanitize()
	var ddl strings.Builder
	fmt.Fprintf(&ddl, "DROP SCHEMA IF EXISTS %s CASCADE; CREATE SCHEMA %[1]s;", schema)
	for _, t := range append(p.Tables(), "projection_checkpoints", "parked_events", "projection_deferred_indexes") {
		fmt.Fprintf(&ddl, "CREATE TABLE %s.%s (LIKE public.%[2]s INCLUDING ALL);", schema, pgx.Identifier{t}.Sanitize())
	}
	if _, err := pool.Exec(ctx, ddl.String()); err != nil {
		return nil, fmt.Errorf("shadow %s: %w", p.Name(), err)
	}
	if err := copyRollupTriggers(ctx, pool, name, p.Tables()); err != nil {
		return nil, fmt.Errorf("shadow %s: %w", p.Name(), err)
	}

	// The rebuild's own pool resolves the projection's unqualified tables to the shadow: its
	// connections (and the statements they prepare) never see the live tables it shadows.
	cfg := pool.Config().Copy()
	cfg.ConnConfig.RuntimeParams["search_path"] = name + ", public"
	cfg.MaxConns = 4
	shadow, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer shadow.Close()
	start := time.Now()
	_, err = replay(ctx, shadow, store, p, name, tenant, func(done, total int64) {
		if progress == nil {
			return
		}
		pr := ShadowProgress{Done: done, Total: total, Elapsed: time.Since(start)}
		if s := pr.Elapsed.Seconds(); s > 0 {
			pr.Rate = float64(done) / s
		}
		if pr.Rate > 0 && total > done {
			pr.ETA = time.Duration(float64(total-done) / pr.Rate * float64(time.Second))
		}
		progress(pr)
	})
	if err != nil {
		return nil, err
	}
	diffs := make([]TableDiff, 0, len(p.Tables()))
	for _, t := range p.Tables() {
		d, err := diffTable(ctx, pool, schema, t, tenant)
		if err != nil {
			return nil, fmt.Errorf("diff %s: %w", t, err)
		}
		diffs = append(diffs, d)
	}
	return diffs, nil
}

// copyRollupTriggers gives the shadow copies of tables the triggers of the live ones that keep
// a rollup (named …_rollup_…, as timesheet_months_rollup_insert): LIKE … INCLUDING ALL copies
// no trigger. Their functions name the rollup unqualified, which the rebuild's search_path
// finds in the shadow. Other triggers (notifications) stay with the live tables.
func copyRollupTriggers(ctx context.Context, pool *pgxpool.Pool, schema string, tables []string) error {
	rows, err := pool.Query(ctx, `
SELECT c.relname, pg_get_triggerdef(t.oid)
FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = 'public' AND c.relname = ANY ($1) AND NOT t.tgisinternal AND t.tgname LIKE '%\_rollup\_%'`, tables)
	if err != nil {
		return err
	}
	var ddl []string
	for rows.Next() {
		var table, def string
		if err := rows.Scan(&table, &def); err != nil {
			rows.Close()
			return err
		}
		// The table is named as the search_path sees it: qualified or not.
		for _, on := range []string{" ON public." + table + " ", " ON " + table + " "} {
			if strings.Contains(def, on) {
				ddl = append(ddl, strings.Replace(def, on, " ON "+pgx.Identifier{schema, table}.Sanitize()+" ", 1))
				break
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, d := range ddl {
		if _, err := pool.Exec(ctx, d); err != nil {
			return err
		}
	}
	return nil
}

// diffTable compares public.table (live) with schema.table (the rebuild) on the primary key
// (without one, as multisets of whole rows: a changed row then counts as missing and extra).
func diffTable(ctx context.Context, pool *pgxpool.Pool, schema, table string, tenant uuid.UUID) (TableDiff, error) {
	d := TableDiff{Table: table, Samples: []string{}}
	liveTable := "public." + pgx.Identifier{table}.Sanitize()
	live, shadow := liveTable, schema+"."+pgx.Identifier{table}.Sanitize()
	if tenant != uuid.Nil { // a uuid's text needs no quoting beyond its quotes
		live = "(SELECT * FROM " + liveTable + " WHERE tenant_id = '" + tenant.String() + "')"
	}
	var key []string
	rows, err := pool.Query(ctx, `
SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`, liveTable)
	if err != nil {
		return d, err
	}
	var col string
	if _, err := pgx.ForEachRow(rows, []any{&col}, func() error { key = append(key, pgx.Identifier{col}.Sanitize()); return nil }); err != nil {
		return d, err
	}
	count := func(sql string) (int64, error) {
		var n int64
		err := pool.QueryRow(ctx, sql).Scan(&n)
		return n, err
	}
	if d.Live, err = count(`SELECT count(*) FROM ` + live + ` l`); err != nil {
		return d, err
	}
	if d.Shadow, err = count(`SELECT count(*) FROM ` + shadow); err != nil {
		return d, err
	}
	if len(key) == 0 {
		if d.Missing, err = count(`SELECT count(*) FROM (SELECT * FROM ` + shadow + ` EXCEPT ALL SELECT * FROM ` + live + ` l) x`); err != nil {
			return d, err
		}
		d.Extra, err = count(`SELECT count(*) FROM (SELECT * FROM ` + live + ` l EXCEPT ALL SELECT * FROM ` + shadow + `) x`)
		return d, err
	}
	on := make([]string, len(key))
	for i, k := range key {
		on[i] = "l." + k + " = s." + k
	}
	join := strings.Join(on, " AND ")
	sampleKey := "concat_ws('/', l." + strings.Join(key, ", l.") + ")"
	// One pass: a full join on the key classifies every row.
	rows, err = pool.Query(ctx, `
SELECT CASE WHEN l IS NULL THEN 'missing' WHEN s IS NULL THEN 'extra' ELSE 'different' END,
       count(*), (array_agg(coalesce(`+sampleKey+`, concat_ws('/', s.`+strings.Join(key, ", s.")+`))))[1:5]
FROM `+live+` l FULL JOIN `+shadow+` s ON `+join+`
WHERE s IS NULL OR l IS NULL OR row(l.*) IS DISTINCT FROM row(s.*)
GROUP BY 1`)
	if err != nil {
		return d, err
	}
	var (
		kind    string
		n       int64
		samples []string
	)
	_, err = pgx.ForEachRow(rows, []any{&kind, &n, &samples}, func() error {
		switch kind {
		case "missing":
			d.Missing = n
		case "extra":
			d.Extra = n
		default:
			d.Different = n
		}
		for _, s := range samples {
			d.Samples = append(d.Samples, kind+" "+s)
		}
		return nil
	})
	return d, err
}
