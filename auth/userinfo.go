package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"portal/platform/db"
)

// ErrUserNotFound answers a profile read for a user the tenant does not have.
var ErrUserNotFound = errors.New("auth: user not found")

// Profile is what the permission rule and GET /api/cac-app/userinfo read about a user: the
// stored rows, before derivation.
type Profile struct {
	Tenant        TenantInfo
	UserID        uuid.UUID
	UserName      string
	Hash          string
	EmployeeID    *uuid.UUID
	DisplayName   string
	Email         string
	Language      string
	Roles         []string
	Admin         bool
	Active        bool
	Purchased     string
	Deny          string
	DynamicAccess map[string]int
	AccessConfig  map[string]int
	Keys          map[string]string
	EmpStatus     string
	Layoff        []Period
	Fences        []Fence
	Shortcuts     string
	Settings      json.RawMessage
}

// LoadProfile reads a user's profile under the tenant's row-level security.
func LoadProfile(ctx context.Context, pool *pgxpool.Pool, tenant, user uuid.UUID) (Profile, error) {
	p := Profile{UserID: user}
	err := db.InTenant(ctx, pool, tenant.String(), func(tx pgx.Tx) error {
		var settings, urls, provider, dynamic, access, keys, layoff []byte
		var status *string
		err := tx.QueryRow(ctx, `SELECT t.id, t.access_code, t.name, t.settings, t.urls, t.provider, t.logo, t.themes, t.login_redirect,
				u.user_name, u.hash, u.employee_id, u.display_name, u.email, u.language, u.roles, u.admin, u.active,
				u.purchased, u.deny, u.dynamic_access, u.access_config || coalesce((SELECT "values" FROM tenant_settings ts WHERE ts.tenant_id = u.tenant_id AND ts.key = 'access_id'), '{}'), u.profile_keys, u.shortcuts, u.settings,
				e.status, e.layoff
			FROM users u JOIN tenants t ON t.id = u.tenant_id
			LEFT JOIN employees e ON e.tenant_id = u.tenant_id AND e.id = u.employee_id
			WHERE u.tenant_id = $1 AND u.id = $2`, tenant, user).
			Scan(&p.Tenant.TenantID, &p.Tenant.AccessCode, &p.Tenant.TenantName, &settings, &urls, &provider,
				&p.Tenant.Logo, &p.Tenant.Themes, &p.Tenant.LoginRedirect,
				&p.UserName, &p.Hash, &p.EmployeeID, &p.DisplayName, &p.Email, &p.Language, &p.Roles, &p.Admin, &p.Active,
				&p.Purchased, &p.Deny, &dynamic, &access, &keys, &p.Shortcuts, &p.Settings, &status, &layoff)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrUserNotFound
		}
		if err != nil {
			return err
		}
		p.Tenant.Settings = map[string]any{}
		_ = json.Unmarshal(settings, &p.Tenant.Settings)
		if _, ok := p.Tenant.Settings["layout"]; !ok {
			p.Tenant.Settings["layout"] = "layout1"
		}
		_ = json.Unmarshal(urls, &p.Tenant.URLs)
		_ = json.Unmarshal(provider, &p.Tenant.Provider)
		p.DynamicAccess = switchMap(dynamic)
		p.AccessConfig = switchMap(access)
		p.Keys = profileKeys(keys, p.EmployeeID)
		if status != nil {
			p.EmpStatus = *status
		}
		p.Layoff = []Period{}
		var periods []Period
		if json.Unmarshal(layoff, &periods) == nil {
			for _, x := range periods {
				p.Layoff = append(p.Layoff, Period{Start: dateOnly(x.Start), End: dateOnly(x.End)})
			}
		}
		p.Fences = []Fence{}
		if p.EmployeeID == nil {
			return nil
		}
		rows, err := tx.Query(ctx, `SELECT description, lat, lon FROM fences
			WHERE tenant_id = $1 AND employee_id = $2 ORDER BY description, id`, tenant, *p.EmployeeID)
		if err != nil {
			return err
		}
		p.Fences, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Fence, error) {
			var f Fence
			return f, r.Scan(&f.Desc, &f.Lat, &f.Lon)
		})
		return err
	})
	if err != nil && !errors.Is(err, ErrUserNotFound) {
		err = fmt.Errorf("load profile %s: %w", user, err)
	}
	return p, err
}

// profileKeys reads the stored profile keys (users.profile_keys, a JSON object) and sets the
// employee key from the employee record: only a user with an employee holds m01_ukey.
func profileKeys(raw []byte, employee *uuid.UUID) map[string]string {
	keys := map[string]string{}
	var stored map[string]any
	_ = json.Unmarshal(raw, &stored)
	for k, v := range stored {
		if s, ok := v.(string); ok && strings.TrimSpace(s) != "" && k != KeyEmployee {
			keys[k] = s
		}
	}
	if employee != nil {
		keys[KeyEmployee] = employee.String()
	}
	return keys
}

// switchMap reads a JSON object of 0/1 switches (numbers, booleans or "1"/"true").
func switchMap(raw []byte) map[string]int {
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = intOf(v)
	}
	return out
}

// TimeTreated tells whether the user's time is treated (punched): an employee whose access
// config does not say semTratamentodePonto. Accounts without an employee have nothing to punch.
func (p Profile) TimeTreated() bool {
	return p.EmployeeID != nil && p.AccessConfig["semTratamentodePonto"] != 1
}

// PermissionInput is the rule's input for this profile.
func (p Profile) PermissionInput(managerRequests, external bool) PermissionInput {
	return PermissionInput{
		Keys:            p.Keys,
		Roles:           p.Roles,
		EmployeeStatus:  p.EmpStatus,
		Purchased:       SplitList(p.Purchased),
		Deny:            SplitList(p.Deny),
		AccessConfig:    p.AccessConfig,
		DynamicAccess:   p.DynamicAccess,
		Admin:           p.Admin,
		TimeTreated:     p.TimeTreated(),
		ManagerRequests: managerRequests,
		External:        external,
	}
}

// Permissions derives the profile's permissions with casbin's audiences in its tenant.
func (p Profile) Permissions(managerRequests, external bool) Permissions {
	tenant := p.Tenant.TenantID.String()
	return Derive(p.PermissionInput(managerRequests, external), func(roles []string) []string {
		return Audiences(roles, tenant)
	})
}
