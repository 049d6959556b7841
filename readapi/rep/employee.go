package rep

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"

	"portal/domain"
	domainrep "portal/domain/rep"
	"portal/eventstore"
	"portal/readapi/httpx"
)

type employeeRegistrationJSON struct {
	EmployeeID string `json:"employeeId"`
	CPF        string `json:"cpf"`
	Operation  string `json:"operation"` // "I", "A", or "" when nothing changed
}

// registerEmployee answers PUT /api/rep/employees/:id {cpf}: HR includes the employee in the
// REP-P with their CPF, or alters it. It is the event rep.employee_changed.v1, which the
// database numbers and writes as AFD record 5 (operation I or A, the employee's CPF and name,
// the caller's CPF as the person responsible) and which sets employees.cpf, what the
// employee's mark records carry from then on. An invalid CPF is 400, another employee's CPF
// 409, an unknown employee 404, and none writes anything; the same CPF again writes nothing.
func (s *API) registerEmployee(c echo.Context) error {
	employee, err := uuid.Parse(c.Param("id"))
	if err != nil {
		return httpx.Error(http.StatusNotFound, "id", domain.KeyNotFound)
	}
	var body struct {
		CPF string `json:"cpf"`
	}
	if err := c.Bind(&body); err != nil {
		return httpx.Error(http.StatusBadRequest, "body", domain.KeyInvalid)
	}
	body.CPF = strings.NewReplacer(".", "", "-", "", " ", "").Replace(body.CPF) // 529.982.247-25 as typed
	claims := httpx.Claims(c)
	id, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	change := domainrep.EmployeeChanged{EmployeeID: employee.String(), CPF: body.CPF}
	var before string
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT cpf, name FROM employees WHERE tenant_id = app_tenant() AND id = $1`, employee).Scan(&before, &change.Name)
		if errors.Is(err, pgx.ErrNoRows) {
			return httpx.Error(http.StatusNotFound, "id", domain.KeyNotFound)
		}
		if err != nil {
			return err
		}
		if change.Operation, err = domainrep.EmployeeOperation(before, body.CPF); err != nil || change.Operation == "" {
			return err
		}
		var taken bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT FROM employees WHERE tenant_id = app_tenant() AND cpf = $1 AND id <> $2)`,
			body.CPF, employee).Scan(&taken); err != nil {
			return err
		}
		if taken {
			return httpx.Error(http.StatusConflict, "cpf", domainrep.KeyCPFTaken)
		}
		return tx.QueryRow(ctx, `SELECT coalesce((SELECT cpf FROM employees WHERE tenant_id = app_tenant() AND id = $1), '')`,
			claims.EmployeeID).Scan(&change.ResponsibleCPF)
	})
	if err != nil {
		return err
	}
	out := employeeRegistrationJSON{EmployeeID: employee.String(), CPF: body.CPF, Operation: change.Operation}
	if change.Operation == "" {
		return c.JSON(http.StatusOK, out)
	}
	data, err := json.Marshal(change)
	if err != nil {
		return err
	}
	if _, err := s.Store.Append(ctx, eventstore.Meta{Tenant: claims.Tenant, Actor: claims.UserID.String(), CommandID: id},
		domainrep.Stream(claims.Tenant), eventstore.Any,
		eventstore.EventData{ID: eventstore.NewID(), Type: domainrep.TypeEmployeeChanged, SchemaVersion: 1, Data: data}); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}
