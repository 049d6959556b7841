package rep

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	domainrep "portal/domain/rep"
	"portal/eventstore"
	reprm "portal/projections/rep"
	"portal/readapi/httpx"
)

type employerJSON struct {
	Name  string `json:"name"`
	Place string `json:"place"`
	CNO   string `json:"cno"`
}

// changeEstablishment answers PUT /api/rep/establishment {name, place, cno}: HR changes the
// employer's identification in the REP-P. It is the event rep.employer_changed.v1, which the
// database numbers and writes as AFD record 2 (with the caller's CPF as the person
// responsible) and applies to the establishment in the append's transaction
// (migrations/00210). Bad input is 400 and writes nothing; the same identification again
// writes nothing either.
func (s *API) changeEstablishment(c echo.Context) error {
	var body employerJSON
	if err := c.Bind(&body); err != nil {
		return httpx.Error(http.StatusBadRequest, "body", "invalid")
	}
	change, err := domainrep.CheckEmployer(body.Name, body.Place, body.CNO)
	if err != nil {
		return err // 400 with the field and key
	}
	claims := httpx.Claims(c)
	id, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	var out establishmentJSON
	same := false
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		e, err := reprm.LoadEstablishment(ctx, tx, "")
		if errors.Is(err, reprm.ErrNoEstablishment) {
			return httpx.Error(http.StatusNotFound, "cnpj", domainrep.KeyUnknownEstablis)
		}
		if err != nil {
			return err
		}
		out = establishmentJSON{CNPJ: e.CNPJ, Name: change.Name, Place: change.Place, CNO: change.CNO, LastNSR: e.LastNSR}
		same = e.Name == change.Name && e.Place == change.Place && e.CNO == change.CNO
		return tx.QueryRow(ctx, `SELECT coalesce((SELECT cpf FROM employees WHERE tenant_id = app_tenant() AND id = $1), '')`,
			claims.EmployeeID).Scan(&change.ResponsibleCPF)
	})
	if err != nil {
		return err
	}
	if same {
		return c.JSON(http.StatusOK, out)
	}
	data, err := json.Marshal(change)
	if err != nil {
		return err
	}
	res, err := s.Store.Append(ctx, eventstore.Meta{Tenant: claims.Tenant, Actor: claims.UserID.String(), CommandID: id},
		domainrep.Stream(claims.Tenant), eventstore.Any,
		eventstore.EventData{ID: eventstore.NewID(), Type: domainrep.TypeEmployerChanged, SchemaVersion: 1, Data: data})
	if err != nil {
		return err
	}
	if !res.Duplicate {
		out.LastNSR++ // the record's NSR (another record may have come in between: the GET tells)
	}
	return c.JSON(http.StatusOK, out)
}
