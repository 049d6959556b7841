package httpx

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"

	"portal/auth"
	"portal/domain"
	"portal/domain/vacation"
	"portal/platform/db"
)

// QueryInt reads an optional whole-number parameter within [min, max]; absent is def.
func QueryInt(c echo.Context, name string, def, min, max int) (int, error) {
	v := strings.TrimSpace(c.QueryParam(name))
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < min || n > max {
		return 0, Error(http.StatusBadRequest, name, domain.KeyInvalid)
	}
	return n, nil
}

// QueryBool reads an optional true/false (1/0) parameter; absent is false.
func QueryBool(c echo.Context, name string) (bool, error) {
	v := strings.TrimSpace(c.QueryParam(name))
	if v == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, Error(http.StatusBadRequest, name, domain.KeyInvalid)
	}
	return b, nil
}

// QueryUUID reads a uuid parameter; absent is uuid.Nil unless required (400 campo_obrigatorio).
func QueryUUID(c echo.Context, name string, required bool) (uuid.UUID, error) {
	v := strings.TrimSpace(c.QueryParam(name))
	if v == "" {
		if required {
			return uuid.Nil, Error(http.StatusBadRequest, name, domain.KeyRequired)
		}
		return uuid.Nil, nil
	}
	id, err := uuid.Parse(v)
	if err != nil {
		return uuid.Nil, Error(http.StatusBadRequest, name, domain.KeyInvalid)
	}
	return id, nil
}

// QueryUUIDs reads a comma-separated list of uuids.
func QueryUUIDs(c echo.Context, name string) ([]uuid.UUID, error) {
	out := []uuid.UUID{}
	for _, part := range auth.SplitList(c.QueryParam(name)) {
		id, err := uuid.Parse(part)
		if err != nil {
			return nil, Error(http.StatusBadRequest, name, domain.KeyInvalid)
		}
		out = append(out, id)
	}
	return out, nil
}

// ParseDay reads a date as YYYY-MM-DD or in the UTC-offset form YYYY-MM-DDTHH:mm:ss±hh:mm
// (spec portal-business §7: dates in bodies in UTC-offset form); the date part in its own
// offset is the day. Years before 1900 or after 9999 are refused.
func ParseDay(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	var t time.Time
	var err error
	if len(s) == len(time.DateOnly) {
		t, err = time.Parse(time.DateOnly, s)
	} else if t, err = time.Parse(time.RFC3339, s); err != nil {
		t, err = time.Parse("2006-01-02T15:04:05", s)
	}
	if err != nil {
		return time.Time{}, err
	}
	if t.Year() < 1900 {
		return time.Time{}, errors.New("year before 1900")
	}
	return vacation.DayOf(t), nil
}

// InTenant runs fn in a transaction of the caller's tenant (row-level security).
func InTenant(c echo.Context, pool *pgxpool.Pool, fn func(tx pgx.Tx) error) error {
	return db.InTenant(c.Request().Context(), pool, Claims(c).Tenant.String(), fn)
}

// ParseYearMonth reads YYYYMM (years from 1900).
func ParseYearMonth(s string) (int, time.Month, bool) {
	s = strings.TrimSpace(s)
	if len(s) != 6 {
		return 0, 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, 0, false
	}
	y, m := n/100, n%100
	if y < 1900 || m < 1 || m > 12 {
		return 0, 0, false
	}
	return y, time.Month(m), true
}

// Fetch returns what read finds in the caller's tenant transaction (InTenant).
func Fetch[T any](c echo.Context, pool *pgxpool.Pool, read func(ctx context.Context, tx pgx.Tx) (T, error)) (T, error) {
	var out T
	err := InTenant(c, pool, func(tx pgx.Tx) error {
		var err error
		out, err = read(c.Request().Context(), tx)
		return err
	})
	return out, err
}

// Read answers 200 with what read finds in the caller's tenant transaction (Fetch).
func Read[T any](c echo.Context, pool *pgxpool.Pool, read func(ctx context.Context, tx pgx.Tx) (T, error)) error {
	out, err := Fetch(c, pool, read)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}
