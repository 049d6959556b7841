package timesheet

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"
	"github.com/xuri/excelize/v2"

	"portal/domain"
	"portal/domain/rep"
	ts "portal/domain/timesheet"
	"portal/platform/pdflogo"
	"portal/readapi/httpx"
)

// HHMM shows minutes as HH:MM (negative with a sign).
func HHMM(m int) string {
	sign := ""
	if m < 0 {
		sign, m = "-", -m
	}
	return fmt.Sprintf("%s%02d:%02d", sign, m/60, m%60)
}

// labels are the export's words, by language (lang=pt|en|es; pt by default).
var labels = map[string]map[string]string{
	"pt": {"title": "Espelho de ponto", "employer": "Empregador", "employee": "Colaborador", "month": "Mês", "date": "Data", "kind": "Dia",
		"marks": "Marcações", "schedule": "Jornada", "expected": "Previsto", "worked": "Trabalhado", "ot50": "HE 50%", "ot100": "HE 100%",
		"night": "Noturno", "late": "Atraso", "early": "Saída antec.", "missing": "Falta", "excused": "Abono",
		"totals": "Totais", "dsr": "DSR perdidos", "absent": "Faltas (dias)", "closed": "Mês fechado", "open": "Mês aberto",
		"signed": "Assinado em", "superseded": "substituída: o espelho mudou depois", "unsigned": "Não assinado",
		"code": "Matrícula", "issued": "Emitido em", "department": "Departamento", "signature": "Assinatura",
		"work": "útil", "rest": "folga", "holiday": "feriado", "vacation": "férias", "leave": "afastamento"},
	"en": {"title": "Timesheet", "employer": "Employer", "employee": "Employee", "month": "Month", "date": "Date", "kind": "Day",
		"marks": "Marks", "schedule": "Schedule", "expected": "Expected", "worked": "Worked", "ot50": "OT 50%", "ot100": "OT 100%",
		"night": "Night", "late": "Late", "early": "Left early", "missing": "Missing", "excused": "Excused",
		"totals": "Totals", "dsr": "Weekly rests lost", "absent": "Absences (days)", "closed": "Month closed", "open": "Month open",
		"signed": "Signed on", "superseded": "superseded: the timesheet changed since", "unsigned": "Not signed",
		"code": "Code", "issued": "Issued on", "department": "Department", "signature": "Signature",
		"work": "workday", "rest": "day off", "holiday": "holiday", "vacation": "vacation", "leave": "leave"},
	"es": {"title": "Hoja de horas", "employer": "Empleador", "employee": "Colaborador", "month": "Mes", "date": "Fecha", "kind": "Día",
		"marks": "Marcaciones", "schedule": "Jornada", "expected": "Previsto", "worked": "Trabajado", "ot50": "HE 50%", "ot100": "HE 100%",
		"night": "Nocturno", "late": "Retraso", "early": "Salida antic.", "missing": "Falta", "excused": "Justificado",
		"totals": "Totales", "dsr": "Descansos perdidos", "absent": "Faltas (días)", "closed": "Mes cerrado", "open": "Mes abierto",
		"signed": "Firmado el", "superseded": "reemplazada: la hoja cambió después", "unsigned": "Sin firmar",
		"code": "Legajo", "issued": "Emitido el", "department": "Departamento", "signature": "Firma",
		"work": "hábil", "rest": "libre", "holiday": "feriado", "vacation": "vacaciones", "leave": "licencia"},
}

func labelsOf(c echo.Context) map[string]string {
	if l, ok := labels[strings.ToLower(strings.TrimSpace(c.QueryParam("lang")))]; ok {
		return l
	}
	return labels["pt"]
}

// marksText is a row's marks in force as HH:MM in São Paulo time, '*' after one an
// adjustment or HR changed.
func marksText(r Row) string {
	var ms []struct {
		At           time.Time  `json:"at"`
		RegisteredAt *time.Time `json:"registeredAt"`
		ByHR         bool       `json:"byHr"`
		RequestID    *string    `json:"requestId"`
	}
	_ = unmarshalArray(r.Marks, &ms)
	loc, _ := time.LoadLocation("America/Sao_Paulo")
	if loc == nil {
		loc = time.UTC
	}
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.At.In(loc).Format("15:04")
		if m.ByHR || m.RequestID != nil || m.RegisteredAt == nil || !m.RegisteredAt.Equal(m.At) {
			parts[i] += "*"
		}
	}
	return strings.Join(parts, " ")
}

// spansText is a row's schedule as HH:MM-HH:MM.
func spansText(r Row) string {
	var spans [][2]int
	_ = unmarshalArray(r.Spans, &spans)
	parts := make([]string, len(spans))
	for i, sp := range spans {
		parts[i] = HHMM(sp[0]%1440) + "-" + HHMM(sp[1]%1440)
	}
	return strings.Join(parts, " ")
}

// pdf answers GET rh-app/espelho/pdf?tenId&mes&m01Ukey&lang: the month as a PDF (fpdf).
func (s *API) pdf(c echo.Context) error {
	v, err := s.view(c)
	if err != nil {
		return err
	}
	logo, err := s.Logos.Get(c.Request().Context(), v.Employer.Logo)
	if err != nil {
		slog.Warn("timesheet pdf: no logo", "tenant", httpx.Claims(c).Tenant, "err", err)
	}
	b, err := MonthPDF(v, labelsOf(c), logo)
	if err != nil && logo != nil { // an image fpdf cannot read: the month without it
		slog.Warn("timesheet pdf: logo unreadable", "tenant", httpx.Claims(c).Tenant, "err", err)
		b, err = MonthPDF(v, labelsOf(c), nil)
	}
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="espelho-%s-%s.pdf"`, v.Employee.Code, v.Month))
	return c.Blob(http.StatusOK, "application/pdf", b)
}

// MonthPDF renders a month: the employee, one line a day, the totals, the closed state and
// the signature; the tenant's logo, if any, at the top right.
func MonthPDF(v MonthView, l map[string]string, logo *pdflogo.Logo) ([]byte, error) {
	p := fpdf.New("L", "mm", "A4", "")
	tr := p.UnicodeTranslatorFromDescriptor("") // the core fonts' cp1252: accents of pt and es
	p.SetTitle(tr(l["title"]+" "+v.Employee.Name+" "+v.Month), false)
	p.AddPage()
	if logo != nil {
		opts := fpdf.ImageOptions{ImageType: logo.Type}
		if info := p.RegisterImageOptionsReader("logo", opts, bytes.NewReader(logo.Bytes)); info != nil && info.Height() > 0 {
			height := 14.0 // mm: the header's four lines, and 60 mm wide at most
			width := info.Width() * height / info.Height()
			if width > 60 {
				width, height = 60, info.Height()*60/info.Width()
			}
			pageWidth, _ := p.GetPageSize()
			_, top, right, _ := p.GetMargins()
			p.ImageOptions("logo", pageWidth-right-width, top, width, height, false, opts, 0, "")
		}
	}
	p.SetFont("Helvetica", "B", 14)
	p.CellFormat(0, 8, tr(l["title"]), "", 1, "L", false, 0, "")
	p.SetFont("Helvetica", "", 10)
	employer := l["employer"] + ": " + v.Employer.Name
	if v.Employer.CNPJ != "" {
		employer += " · CNPJ: " + rep.FormatCNPJ(v.Employer.CNPJ)
	}
	p.CellFormat(0, 6, tr(employer), "", 1, "L", false, 0, "")
	employee := fmt.Sprintf("%s: %s (%s %s)", l["employee"], v.Employee.Name, l["code"], v.Employee.Code)
	if v.Employee.CPF != "" {
		employee += " · CPF: " + rep.FormatCPF(v.Employee.CPF)
	}
	p.CellFormat(0, 6, tr(employee+" · "+l["month"]+": "+v.Month), "", 1, "L", false, 0, "")
	state := l["open"]
	if v.Closed {
		state = l["closed"]
	}
	p.CellFormat(0, 6, tr(state+" · "+l["issued"]+" "+time.Now().UTC().Format("2006-01-02 15:04 UTC")), "", 1, "L", false, 0, "")
	p.Ln(2)
	cols := []struct {
		key string
		w   float64
	}{{"date", 20}, {"kind", 16}, {"schedule", 26}, {"marks", 42}, {"expected", 18}, {"worked", 20}, {"ot50", 17}, {"ot100", 17},
		{"night", 17}, {"late", 15}, {"early", 18}, {"missing", 15}, {"excused", 15}}
	p.SetFont("Helvetica", "B", 8)
	p.SetFillColor(230, 230, 230)
	for _, col := range cols {
		p.CellFormat(col.w, 6, tr(l[col.key]), "1", 0, "C", true, 0, "")
	}
	p.Ln(-1)
	p.SetFont("Helvetica", "", 8)
	for _, r := range v.Rows {
		cells := []string{r.Date, l[r.Kind], spansText(r), marksText(r), HHMM(r.Expected), HHMM(r.Worked), HHMM(r.Overtime50),
			HHMM(r.Overtime100), HHMM(r.NightHours), HHMM(r.Late), HHMM(r.Early), HHMM(r.Missing), HHMM(r.Excused)}
		for i, col := range cols {
			p.CellFormat(col.w, 5, tr(cells[i]), "1", 0, "C", false, 0, "")
		}
		p.Ln(-1)
	}
	t := v.Totals
	p.SetFont("Helvetica", "B", 8)
	tot := []string{l["totals"], "", "", "", HHMM(t.Expected), HHMM(t.Worked), HHMM(t.Overtime50), HHMM(t.Overtime100),
		HHMM(t.NightHours), HHMM(t.Late), HHMM(t.Early), HHMM(t.Missing), HHMM(t.Excused)}
	for i, col := range cols {
		p.CellFormat(col.w, 6, tr(tot[i]), "1", 0, "C", true, 0, "")
	}
	p.Ln(8)
	p.SetFont("Helvetica", "", 10)
	p.CellFormat(0, 6, tr(fmt.Sprintf("%s: %d · %s: %d", l["absent"], t.AbsentDays, l["dsr"], t.DSRLost)), "", 1, "L", false, 0, "")
	sig := l["unsigned"]
	if v.Signature != nil {
		sig = l["signed"] + " " + v.Signature.SignedAt.UTC().Format("2006-01-02 15:04 UTC") + " · " + v.Signature.RowsHash[:min(16, len(v.Signature.RowsHash))]
		if v.Signature.Superseded {
			sig += " (" + l["superseded"] + ")"
		}
	}
	p.CellFormat(0, 6, tr(l["signature"]+": "+sig), "", 1, "L", false, 0, "")
	var buf bytes.Buffer
	if err := p.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// GridLine is a line of the gridReport: an employee, the month's totals and the signature.
type GridLine struct {
	Employee  Employee   `json:"employee"`
	Totals    ts.Totals  `json:"totals"`
	HasRows   bool       `json:"hasRows"`
	Signature string     `json:"signature"` // none, signed, superseded
	SignedAt  *time.Time `json:"signedAt"`
}

// Grid is the gridReport of a month.
type Grid struct {
	Month    string     `json:"mes"`
	Closed   bool       `json:"closed"`
	ClosedAt *time.Time `json:"closedAt"`
	Lines    []GridLine `json:"lines"`
}

// grid answers GET rh-app/espelho/grid?tenId&mes&format=json|csv|xlsx&lang: one line per
// employee of the caller's scope (HR the tenant, a manager their direct reports).
func (s *API) grid(c echo.Context) error {
	month, err := s.monthParam(c)
	if err != nil {
		return err
	}
	format := strings.ToLower(strings.TrimSpace(c.QueryParam("format")))
	if format != "" && format != "json" && format != "csv" && format != "xlsx" {
		return httpx.Error(http.StatusBadRequest, "format", domain.KeyInvalid)
	}
	g := Grid{Month: month.Format(ts.MonthLayout), Lines: []GridLine{}}
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		ctx := c.Request().Context()
		emps, err := scopeEmployees(ctx, tx, httpx.Claims(c))
		if err != nil {
			return err
		}
		var at time.Time
		switch err := tx.QueryRow(ctx, `SELECT at FROM timesheet_closures WHERE tenant_id = app_tenant() AND month = $1 AND closed`, month).Scan(&at); {
		case err == nil:
			g.Closed, g.ClosedAt = true, &at
		case err != pgx.ErrNoRows:
			return err
		}
		ids := make([]any, 0, len(emps))
		for _, e := range emps {
			ids = append(ids, e.ID)
		}
		rows, err := tx.Query(ctx, `SELECT m.employee_id, m.expected, m.worked, m.night, m.night_hours, m.overtime50,
			m.overtime100, m.late, m.early, m.missing, m.excused, m.absent_days, m.dsr_lost,
			s.signed_at, coalesce(s.rows_hash = m.rows_hash, false)
			FROM timesheet_months m LEFT JOIN timesheet_signatures s
			  ON s.tenant_id = m.tenant_id AND s.employee_id = m.employee_id AND s.month = m.month
			WHERE m.tenant_id = app_tenant() AND m.month = $1 AND m.employee_id = ANY($2)`, month, ids)
		if err != nil {
			return err
		}
		byID := map[string]GridLine{}
		for rows.Next() {
			var l GridLine
			var id string
			var current bool
			t := &l.Totals
			if err := rows.Scan(&id, &t.Expected, &t.Worked, &t.Night, &t.NightHours, &t.Overtime50, &t.Overtime100,
				&t.Late, &t.Early, &t.Missing, &t.Excused, &t.AbsentDays, &t.DSRLost, &l.SignedAt, &current); err != nil {
				rows.Close()
				return err
			}
			l.HasRows, l.Signature = true, "none"
			if l.SignedAt != nil {
				l.Signature = "superseded"
				if current {
					l.Signature = "signed"
				}
			}
			byID[id] = l
		}
		if err := rows.Err(); err != nil {
			return err
		}
		for _, e := range emps {
			l, ok := byID[e.ID.String()]
			if !ok {
				l.Signature = "none"
			}
			l.Employee = e
			g.Lines = append(g.Lines, l)
		}
		return nil
	})
	if err != nil {
		return err
	}
	switch format {
	case "csv":
		b, err := GridCSV(g, labelsOf(c))
		if err != nil {
			return err
		}
		c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="espelho-%s.csv"`, g.Month))
		return c.Blob(http.StatusOK, "text/csv; charset=utf-8", b)
	case "xlsx":
		b, err := GridXLSX(g, labelsOf(c))
		if err != nil {
			return err
		}
		c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="espelho-%s.xlsx"`, g.Month))
		return c.Blob(http.StatusOK, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", b)
	}
	return c.JSON(http.StatusOK, g)
}

// gridTable is the grid as a header and text cells (CSV and XLSX share it).
func gridTable(g Grid, l map[string]string) [][]string {
	out := [][]string{{l["code"], l["employee"], l["department"], l["expected"], l["worked"], l["ot50"], l["ot100"],
		l["night"], l["late"], l["early"], l["missing"], l["excused"], l["absent"], l["dsr"], l["signature"]}}
	for _, ln := range g.Lines {
		t := ln.Totals
		sig := l["unsigned"]
		if ln.SignedAt != nil {
			sig = l["signed"] + " " + ln.SignedAt.UTC().Format("2006-01-02 15:04")
			if ln.Signature == "superseded" {
				sig += " (" + l["superseded"] + ")"
			}
		}
		out = append(out, []string{ln.Employee.Code, ln.Employee.Name, ln.Employee.Department, HHMM(t.Expected),
			HHMM(t.Worked), HHMM(t.Overtime50), HHMM(t.Overtime100), HHMM(t.NightHours), HHMM(t.Late), HHMM(t.Early),
			HHMM(t.Missing), HHMM(t.Excused), fmt.Sprint(t.AbsentDays), fmt.Sprint(t.DSRLost), sig})
	}
	return out
}

// GridCSV is the grid as CSV (UTF-8 with a byte-order mark, so spreadsheets read the accents).
func GridCSV(g Grid, l map[string]string) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString("\ufeff")
	w := csv.NewWriter(&buf)
	if err := w.WriteAll(gridTable(g, l)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// GridXLSX is the grid as a workbook of one sheet (excelize).
func GridXLSX(g Grid, l map[string]string) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	sheet := g.Month
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return nil, err
	}
	for i, row := range gridTable(g, l) {
		cell, err := excelize.CoordinatesToCellName(1, i+1)
		if err != nil {
			return nil, err
		}
		vals := make([]any, len(row))
		for j, v := range row {
			vals[j] = v
		}
		if err := f.SetSheetRow(sheet, cell, &vals); err != nil {
			return nil, err
		}
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func unmarshalArray(b []byte, v any) error {
	if len(b) == 0 {
		return nil
	}
	return jsonUnmarshal(b, v)
}

var jsonUnmarshal = json.Unmarshal
