package main

import (
	"fmt"
	"runtime"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	paycmd "portal/commands/payroll"
	"portal/domain/payroll"
	"portal/domain/rep"
	"portal/platform/blobstore"
	"portal/projections"
	payrollproj "portal/projections/payroll"
	paypi "portal/readapi/payroll"
)

// benchPayslips is the batch the payroll step publishes (issue 32).
const benchPayslips = 5000

// payroll: HR publishes one batch of 5,000 payslips (a PDF each, the CPF in its text, so every
// file is parsed for it: the slow path of the matching) through the payroll command into the
// PostgreSQL file store, beside putting the same files in the file store alone; then one
// employee with twelve months of documents lists them beside an indexed single-row read, and
// downloads one protected (AES-256) PDF beside reading it unprotected.
func (b *benchRun) payroll() error {
	ctx := b.ctx
	tenant, err := b.bigTenant("PY", benchPayslips)
	if err != nil {
		return err
	}
	rows, err := b.pool.Query(ctx, `SELECT id, name FROM employees WHERE tenant_id = $1 ORDER BY code`, tenant)
	if err != nil {
		return err
	}
	type person struct {
		ID   uuid.UUID
		Name string
	}
	people, err := pgx.CollectRows(rows, pgx.RowToStructByPos[person])
	if err != nil {
		return err
	}
	ids, cpfs := make([]uuid.UUID, len(people)), make([]string, len(people))
	files := make([]paycmd.File, len(people))
	for i, p := range people {
		ids[i], cpfs[i] = p.ID, rep.CPF(fmt.Sprintf("%09d", 200000000+i*37))
		c := cpfs[i]
		content, err := paycmd.SamplePDF(p.Name, "CPF: "+c[:3]+"."+c[3:6]+"."+c[6:9]+"-"+c[9:], "Demonstrativo de pagamento", "Líquido 3.987,51")
		if err != nil {
			return err
		}
		files[i] = paycmd.File{Name: fmt.Sprintf("holerite-%05d.pdf", i), Content: content}
	}
	if _, err := b.pool.Exec(ctx, `UPDATE employees e SET cpf = x.cpf FROM unnest($2::uuid[], $3::text[]) AS x(id, cpf)
WHERE e.tenant_id = $1 AND e.id = x.id`, tenant, ids, cpfs); err != nil {
		return err
	}
	now := time.Now().UTC()
	h, err := paycmd.New(b.pool, b.store, blobstore.NewPostgres(b.pool), func() time.Time { return now }, nil)
	if err != nil {
		return err
	}
	hr := uuid.New()
	// Months counted from the first of this one: on the 29th to the 31st, AddDate from today
	// overflows a short month into the next (29 November less nine months is 1 March).
	thisMonth := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	month := thisMonth.AddDate(0, -1, 0).Format(payroll.MonthLayout)
	// The baseline: the same files stored in the file store alone (under a tenant of their own),
	// which publishing does besides matching each PDF's CPF and appending the batch.
	blobs := blobstore.NewPostgres(b.pool)
	stored, storeStart := uuid.NewString(), time.Now()
	for _, f := range files {
		if _, err := blobs.Put(ctx, stored, f.Content); err != nil {
			return err
		}
	}
	storeRate := float64(len(files)) / time.Since(storeStart).Seconds()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	res, err := h.Publish(ctx, paycmd.Caller{Tenant: tenant, UserID: hr, CommandID: "bench-" + month},
		paycmd.Publish{Month: month, Kind: payroll.KindPayslip, Files: files})
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	if err != nil {
		return err
	}
	if len(res.Published) != benchPayslips {
		return fmt.Errorf("payroll: published %d of %d (%v)", len(res.Published), benchPayslips, res.Unmatched[:min(3, len(res.Unmatched))])
	}
	b.ratio(fmt.Sprintf("payroll: publish a batch of %d payslips (CPF from the PDF text, file store in PostgreSQL)", benchPayslips),
		rateFig(float64(benchPayslips)/took.Seconds()).note("%.1f s, %.0f MB allocated", took.Seconds(),
			float64(after.TotalAlloc-before.TotalAlloc)/(1<<20)),
		rateFig(storeRate), "the same files put in the file store alone (files/s)", atLeast(0.25))

	// Eleven earlier months for the employee measured.
	emp := people[len(people)/2]
	c := cpfs[len(people)/2]
	for m := 2; m <= 12; m++ {
		mon := thisMonth.AddDate(0, -m, 0).Format(payroll.MonthLayout)
		content, err := paycmd.SamplePDF(emp.Name, "CPF: "+c, mon)
		if err != nil {
			return err
		}
		if _, err := h.Publish(ctx, paycmd.Caller{Tenant: tenant, UserID: hr, CommandID: "bench-" + mon},
			paycmd.Publish{Month: mon, Kind: payroll.KindPayslip, Files: []paycmd.File{{Name: "h.pdf", Content: content}}}); err != nil {
			return err
		}
	}
	if _, err := projections.Replay(ctx, b.pool, b.store, payrollproj.Payroll{}, nil); err != nil {
		return err
	}
	timed, done, err := b.warmTimer(tenant)
	if err != nil {
		return err
	}
	defer done()
	var docID uuid.UUID
	base, err := timed(func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT id FROM payroll_documents WHERE tenant_id = app_tenant() AND employee_id = $1 AND month = $2`,
			emp.ID, month).Scan(&docID)
	})
	if err != nil {
		return err
	}
	var n int
	got, err := timed(func(tx pgx.Tx) error {
		docs, err := paypi.OwnDocuments(ctx, tx, emp.ID, 0, "", time.Now())
		n = len(docs)
		return err
	})
	if err != nil {
		return err
	}
	if n != 12 {
		return fmt.Errorf("payroll: the employee's list has %d documents", n)
	}
	b.ratio("payroll: an employee's document list (12 months)", p99Fig(got), p99Fig(base), "one document row by key", atMost(15))

	// The protected download: the bytes from the file store, encrypted with the CPF digits.
	var hash string
	if err := b.pool.QueryRow(ctx, `SELECT hash FROM payroll_documents WHERE tenant_id = $1 AND id = $2`, tenant, docID).Scan(&hash); err != nil {
		return err
	}
	// Beside the same file read from the file store unprotected (the viewer's content call).
	var plain, ds []time.Duration
	for deadline := time.Now().Add(b.dur / 4); time.Now().Before(deadline) || len(ds) < 20; {
		t0 := time.Now()
		pdf, err := blobs.Get(ctx, tenant.String(), hash)
		if err != nil {
			return err
		}
		plain = append(plain, time.Since(t0))
		if _, err := paypi.Protect(pdf, payroll.Password(c)); err != nil {
			return err
		}
		ds = append(ds, time.Since(t0))
	}
	b.ratio("payroll: protected download (file store read + AES-256 encryption)", p99Fig(ds), p99Fig(plain),
		"the same file read from the file store, unprotected", atMost(10))
	return nil
}
