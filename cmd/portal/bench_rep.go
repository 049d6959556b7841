package main

import (
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/commands/clocktest"
	domainrep "portal/domain/rep"
	"portal/eventstore"
	"portal/platform/db"
	reprm "portal/projections/rep"
	"portal/readapi/rep"
)

// repBench measures the REP-P records (issue 31): the NSR's cost on register-mark (32
// writers appending marks to an establishment's employees, beside the same appends in a
// tenant without an establishment, which skips the NSR), the AFD export rate of 400,000
// records (5,000 employees for a month) beside reading the same rows raw, with the export's
// peak heap, and the receipt PDF's p99 beside the receipt's query alone.
func (b *benchRun) repBench() error {
	const writers = 32
	ctx := b.ctx
	with, err := clocktest.NewTenant(ctx, b.pool)
	if err != nil {
		return err
	}
	without, err := clocktest.NewTenant(ctx, b.pool)
	if err != nil {
		return err
	}
	cnpj := domainrep.CNPJ(fmt.Sprintf("%08d0001", time.Now().UnixNano()%100000000))
	if _, err := b.pool.Exec(ctx, `INSERT INTO rep_establishments (tenant_id, cnpj, name, place) VALUES ($1, $2, 'Bench Ltda', 'Sede')`, with.ID, cnpj); err != nil {
		return err
	}
	emps := make([]uuid.UUID, writers)
	for i := range emps {
		p, err := with.NewPerson(ctx, b.pool, clocktest.Options{})
		if err != nil {
			return err
		}
		emps[i] = p.EmployeeID
		if _, err := b.pool.Exec(ctx, `UPDATE employees SET cpf = $3 WHERE tenant_id = $1 AND id = $2`, with.ID, p.EmployeeID,
			domainrep.CPF(fmt.Sprintf("%09d", 200000000+i))); err != nil {
			return err
		}
	}
	var mu sync.Mutex
	lat := map[string][]time.Duration{}
	mark := func(store eventstore.Store, key string, tenant uuid.UUID) func(_, w, _ int) error {
		return func(_, w, _ int) error {
			start := time.Now()
			_, err := store.Append(ctx, eventstore.Meta{Tenant: tenant, Actor: "bench"}, eventstore.StreamName("clock", emps[w]),
				eventstore.Any, benchMark(emps[w], emps[w], time.Now()))
			d := time.Since(start)
			mu.Lock()
			lat[key] = append(lat[key], d)
			mu.Unlock()
			return err
		}
	}
	// b.store gathers an establishment's concurrent marks into shared transactions (group
	// commit, eventstore/group.go) as serve does; plain appends each mark in its own
	// transaction, as before: under the NSR's row lock each then waits for the previous
	// one's WAL flush.
	plain := eventstore.NewPostgres(b.pool)
	defer plain.Close()
	baseRate, rate, err := alternate(ctx, writers, b.dur/4, mark(b.store, "base", without.ID), mark(b.store, "nsr", with.ID))
	if err != nil {
		return err
	}
	plainBase, plainRate, err := alternate(ctx, writers, b.dur/8, mark(plain, "plain-base", without.ID), mark(plain, "plain-nsr", with.ID))
	if err != nil {
		return err
	}
	b.ratio("register-mark appends with NSR, group commit (32 writers, one establishment)", rateFig(rate), rateFig(baseRate),
		"the same appends, tenant without establishment (no NSR)", atLeast(0.50))
	b.ratio("register-mark p99 with NSR, group commit", p99Fig(lat["nsr"]), p99Fig(lat["base"]), "the same appends without NSR", reportOnly)
	b.ratio("register-mark appends with NSR, one transaction per mark (before)", rateFig(plainRate), rateFig(plainBase),
		"the same, tenant without establishment", reportOnly)
	b.ratio("register-mark p99 with NSR, one transaction per mark (before)", p99Fig(lat["plain-nsr"]), p99Fig(lat["plain-base"]),
		"the same appends without NSR", reportOnly)

	// 400,000 records (written straight into rep_records: the export's rate, not the trigger's).
	const records = 400_000
	big, err := clocktest.NewTenant(ctx, b.pool)
	if err != nil {
		return err
	}
	bigCNPJ := domainrep.CNPJ(fmt.Sprintf("%08d0001", (time.Now().UnixNano()+7)%100000000))
	if _, err := b.pool.Exec(ctx, `INSERT INTO rep_establishments (tenant_id, cnpj, name, place, last_nsr) VALUES ($1, $2, 'Bench Ltda', 'Sede', $3)`,
		big.ID, bigCNPJ, records); err != nil {
		return err
	}
	day := time.Now().AddDate(0, 0, -1)
	if _, err := b.pool.Exec(ctx, `INSERT INTO rep_records (tenant_id, cnpj, nsr, afd_kind, event_id, event_type, position, employee_id, mark_id,
            marked_at, written_at, fields, hash)
        SELECT $1, $2, n, '7', gen_random_uuid(), 'clock.mark_registered.v1', n, gen_random_uuid(), '', $3::timestamptz + n * interval '50 ms',
            $3::timestamptz + n * interval '50 ms', lpad(n::text, 9, '0') || '7' || rep_dh($3::timestamptz + n * interval '50 ms', 'America/Sao_Paulo')
                || '052998224725' || rep_dh($3::timestamptz + n * interval '50 ms', 'America/Sao_Paulo') || '020',
            upper(encode(sha256(n::text::bytea), 'hex'))
        FROM generate_series(1, $4::bigint) n`, big.ID, bigCNPJ, day.Add(-6*time.Hour), records); err != nil {
		return err
	}
	zone, _ := time.LoadLocation("America/Sao_Paulo")
	local := day.In(zone)
	period := domainrep.Period{From: local.AddDate(0, 0, -1), To: local.AddDate(0, 0, 1)}
	var rawN, afdN int
	var rawD, afdD time.Duration
	var peak atomic.Uint64
	var heapBefore uint64
	for round := 0; round < 2; round++ {
		start := time.Now()
		err := db.InTenant(ctx, b.pool, big.ID.String(), func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, `SELECT afd_kind, fields, hash FROM rep_records WHERE tenant_id = $1 AND cnpj = $2 ORDER BY nsr`, big.ID, bigCNPJ)
			if err != nil {
				return err
			}
			var k, f, h string
			_, err = pgx.ForEachRow(rows, []any{&k, &f, &h}, func() error { rawN++; return nil })
			return err
		})
		if err != nil {
			return err
		}
		rawD += time.Since(start)
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		heapBefore = before.HeapInuse
		stop := make(chan struct{})
		go func() { // sample the heap while the export runs
			var m runtime.MemStats
			for {
				select {
				case <-stop:
					return
				case <-time.After(20 * time.Millisecond):
					runtime.ReadMemStats(&m)
					if m.HeapInuse > peak.Load() {
						peak.Store(m.HeapInuse)
					}
				}
			}
		}()
		start = time.Now()
		err = db.InTenant(ctx, b.pool, big.ID.String(), func(tx pgx.Tx) error {
			e, err := reprm.LoadEstablishment(ctx, tx, bigCNPJ)
			if err != nil {
				return err
			}
			n, err := reprm.WriteAFD(ctx, tx, e, period, time.Now(), io.Discard)
			afdN += n
			return err
		})
		close(stop)
		if err != nil {
			return err
		}
		afdD += time.Since(start)
	}
	if afdN != 2*records {
		return fmt.Errorf("rep bench: the AFD held %d records, want %d", afdN/2, records)
	}
	b.ratio("AFD export records (400,000 records)", rateFig(perSec(int64(afdN), afdD)).note("heap +%.1f MiB", float64(max(peak.Load(), heapBefore)-heapBefore)/(1<<20)),
		rateFig(perSec(int64(rawN), rawD)), "raw read of the same rows/s", atLeast(0.50))

	// Receipt PDF p99 beside the receipt's query alone.
	var receipt reprm.Receipt
	err = db.InTenant(ctx, b.pool, with.ID.String(), func(tx pgx.Tx) error {
		list, err := reprm.Receipts(ctx, tx, emps[0], 1)
		if err == nil && len(list) == 1 {
			receipt = list[0]
		}
		return err
	})
	if err != nil {
		return err
	}
	query, err := b.timedInTenant(b.pool, with.ID, b.dur/2, 100, func(tx pgx.Tx) error {
		_, err := reprm.ReceiptOf(ctx, tx, emps[0], receipt.MarkID)
		return err
	})
	if err != nil {
		return err
	}
	pdf, err := b.timedInTenant(b.pool, with.ID, b.dur/2, 100, func(tx pgx.Tx) error {
		r, err := reprm.ReceiptOf(ctx, tx, emps[0], receipt.MarkID)
		if err == nil {
			_, err = rep.ReceiptPDF(r)
		}
		return err
	})
	if err != nil {
		return err
	}
	b.ratio("receipt PDF (query + PDF)", p99Fig(pdf), p99Fig(query), "the receipt's query alone", reportOnly)
	return nil
}
