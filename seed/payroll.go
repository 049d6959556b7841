package seed

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/auth"
	paycmd "portal/commands/payroll"
	"portal/domain/payroll"
	"portal/platform/blobstore"
)

// planPayroll plans Ana's payroll documents in DEMOCORP (issue 32): the payslips of the
// three months before now, each published by HR on the 5th of the month after, and last
// year's income report published in February. They go through the payroll command (small
// PDFs with her CPF in the text, matched as HR's uploads are), into the PostgreSQL file store.
func planPayroll(pool *pgxpool.Pool, s *historyStore, tl *timeline, now time.Time) {
	tenant := TenantID(DemoCode)
	first := time.Date(now.Year(), now.Month(), 1, 12, 0, 0, 0, time.UTC)
	type doc struct {
		month, kind string
		at          time.Time
		lines       []string
	}
	var docs []doc
	for i := 3; i >= 1; i-- {
		m := first.AddDate(0, -i, 0)
		at := m.AddDate(0, 1, 4)
		if at.After(now) {
			at = now.Add(-time.Hour)
		}
		docs = append(docs, doc{m.Format(payroll.MonthLayout), payroll.KindPayslip, at,
			[]string{"Demonstrativo de pagamento - " + m.Format("01/2006"), "Salário base 4.850,00", "INSS 512,37", "Líquido 3.987,51"}})
	}
	year := now.Year() - 1
	docs = append(docs, doc{fmt.Sprintf("%d-12", year), payroll.KindIncomeReport, time.Date(now.Year(), 2, 20, 12, 0, 0, 0, time.UTC),
		[]string{fmt.Sprintf("Comprovante de rendimentos pagos e de imposto sobre a renda retido na fonte - ano-calendário %d", year),
			"Rendimentos tributáveis 58.200,00"}})
	for _, d := range docs {
		if d.at.After(now) { // early in the year: last year's report is not out yet
			continue
		}
		tl.do(d.at, func(ctx context.Context) error {
			return seedPayrollDoc(ctx, pool, s, tenant, d.month, d.kind, d.at, d.lines)
		})
	}
}

func seedPayrollDoc(ctx context.Context, pool *pgxpool.Pool, s *historyStore, tenant uuid.UUID, month, kind string, at time.Time, lines []string) error {
	var hr uuid.UUID
	var cpf, name string
	if err := pool.QueryRow(ctx, `SELECT id FROM users WHERE tenant_id = $1 AND $2 = ANY (roles) ORDER BY admin DESC, id LIMIT 1`,
		tenant, auth.RoleHRAdmin).Scan(&hr); err != nil {
		return err
	}
	if err := pool.QueryRow(ctx, `SELECT cpf, name FROM employees WHERE tenant_id = $1 AND id = $2`,
		tenant, EmployeeID(DemoCode, UserAna)).Scan(&cpf, &name); err != nil || cpf == "" {
		return err
	}
	content, err := paycmd.SamplePDF(append([]string{name, "CPF: " + cpf[:3] + "." + cpf[3:6] + "." + cpf[6:9] + "-" + cpf[9:]}, lines...)...)
	if err != nil {
		return err
	}
	h, err := paycmd.New(pool, s, blobstore.NewPostgres(pool), func() time.Time { return at }, nil)
	if err != nil {
		return err
	}
	_, err = h.Publish(ctx, paycmd.Caller{Tenant: tenant, UserID: hr, CommandID: "seed-payroll-" + month + "-" + kind},
		paycmd.Publish{Month: month, Kind: kind, PublishAt: &at, Files: []paycmd.File{{Name: kind + "-" + month + ".pdf", Content: content}}})
	return err
}
