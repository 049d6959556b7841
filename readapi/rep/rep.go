// Package rep serves the legal punch records of the REP-P (Portaria MTP 671/2021; docs/rep-p.md):
// the punch receipts, the AFD and AEJ exports signed with the tenant's certificate, and the
// certificate's upload.
package rep

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/domain"
	domainrep "portal/domain/rep"
	"portal/eventstore"
	reprm "portal/projections/rep"
	"portal/readapi/httpx"
)

// API serves the rep calls of a tenant.
type API struct {
	httpx.Gates
	Pool  *pgxpool.Pool
	Store eventstore.Store
	Now   func() time.Time
	// Developer signs the AFDs (docs/rep-p.md); nil: the employer's certificate does, and
	// the answer says so.
	Developer *Developer
}

// Routes registers the rep calls (docs/api.md, "Legal punch records"). Receipts are the
// caller's own (any employee who may read the clock; HR and auditors any); the exports are
// for auditors and HR admins; the certificate for HR admins.
func (s *API) Routes(g *echo.Group, gates httpx.Gates) {
	s.Gates = gates
	r := g.Group("/rep", s.Authn, httpx.Caller(httpx.IDsWhenSent))
	r.GET("/receipts", s.receipts, httpx.Allowed("clock", "read"))
	r.GET("/receipts/:markId/pdf", s.receiptPDF, httpx.Allowed("clock", "read"))
	r.GET("/establishment", s.establishment, httpx.Allowed("audit", "read"))
	r.PUT("/establishment", s.changeEstablishment, httpx.Allowed("tenant", "admin"))
	r.PUT("/employees/:id", s.registerEmployee, httpx.Allowed("tenant", "admin"))
	r.GET("/afd", s.exportAFD, httpx.Allowed("audit", "read"))
	r.GET("/aej", s.exportAEJ, httpx.Allowed("audit", "read"))
	r.GET("/certificate", s.certificate, httpx.Allowed("tenant", "admin"))
	r.POST("/certificate", s.uploadCertificate, httpx.Allowed("tenant", "admin"))
}

type establishmentJSON struct {
	CNPJ    string `json:"cnpj"`
	Name    string `json:"name"`
	Place   string `json:"place"`
	CNO     string `json:"cno"`
	LastNSR int64  `json:"lastNsr"`
}

// establishment answers GET /api/rep/establishment: the tenant's establishment.
func (s *API) establishment(c echo.Context) error {
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (establishmentJSON, error) {
		e, err := reprm.LoadEstablishment(ctx, tx, "")
		if errors.Is(err, reprm.ErrNoEstablishment) {
			return establishmentJSON{}, httpx.Error(http.StatusNotFound, "cnpj", domainrep.KeyUnknownEstablis)
		}
		return establishmentJSON{CNPJ: e.CNPJ, Name: e.Name, Place: e.Place, CNO: e.CNO, LastNSR: e.LastNSR}, err
	})
}

// isHR tells whether the caller may see every employee's receipts.
func isHR(c echo.Context) bool {
	claims := httpx.Claims(c)
	return auth.Allowed(claims.Roles, claims.Tenant.String(), "audit", "read")
}

// callerEmployee is the employee whose receipts the caller asks for: their own, or (HR)
// the employeeId query's.
func callerEmployee(c echo.Context) (uuid.UUID, error) {
	claims := httpx.Claims(c)
	if c.QueryParam("employeeId") != "" && isHR(c) {
		return httpx.QueryUUID(c, "employeeId", true)
	}
	if claims.EmployeeID == uuid.Nil {
		return uuid.Nil, httpx.Error(http.StatusNotFound, "employeeId", domain.KeyNotFound)
	}
	return claims.EmployeeID, nil
}
