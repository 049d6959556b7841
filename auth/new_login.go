package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/domain"
	"portal/platform/db"
)

// Message keys of the new-login call.
const (
	KeyUserNotFound  = "usuario_nao_encontrado"
	KeyUserHasNoMail = "usuario_sem_email"
	KeyMailNotSent   = "nao_foi_possivel_enviar"
)

// SendNewLogin gives a user of the administrator's tenant a temporary password and mails it
// with the tenant's new-login template (1510: {username}, {name}, #### the password,
// {accesscode}, {portal}), else the product's own text in the user's language. The user
// must choose a new password at the next sign-in (NEW_PASSWORD_REQUIRED); their sessions
// end. Nothing changes when the mail cannot be sent.
func (s *Service) SendNewLogin(ctx context.Context, admin Claims, userName, portal string) error {
	name := strings.ToLower(strings.TrimSpace(userName))
	if name == "" {
		return domain.InvalidField("userName", KeyUserNameRequired)
	}
	u, found, err := s.loadUser(ctx, admin.Tenant, name)
	if err != nil {
		return err
	}
	if !found {
		return &domain.Error{Kind: domain.NotFound, Field: "userName", Key: KeyUserNotFound}
	}
	if u.email == "" {
		return domain.Refusal("userName", KeyUserHasNoMail)
	}
	var accessCode string
	if err := db.InTenant(ctx, s.pool, admin.Tenant.String(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT access_code FROM tenants WHERE id = $1`, admin.Tenant).Scan(&accessCode)
	}); err != nil {
		return err
	}
	mailer, templates, err := s.mailFor(ctx, admin.Tenant)
	if err != nil {
		return err
	}
	if mailer == nil {
		return domain.Refusal("userName", KeyMailNotSent)
	}
	first, err := NewResetCode()
	if err != nil {
		return err
	}
	second, err := NewResetCode()
	if err != nil {
		return err
	}
	temporary := first + strings.ToLower(second[:4])
	vars := map[string]string{"username": u.userName, "name": u.displayName, "####": temporary, "accesscode": accessCode, "portal": portal}
	m, ok := templated(templates, "newlogin", u.email, vars)
	if !ok {
		m = newLoginMail(u.email, u.language, vars)
	}
	var revoked []uuid.UUID
	err = db.InTenant(ctx, s.pool, admin.Tenant.String(), func(tx pgx.Tx) error {
		ended, err := s.setPassword(ctx, tx, admin.Tenant, u.id, u.hash, u.passwordHash, temporary, "new_login", uuid.Nil)
		if err != nil {
			return err
		}
		revoked = ended
		if _, err := tx.Exec(ctx, `UPDATE users SET must_change_password = true WHERE tenant_id = $1 AND id = $2`, admin.Tenant, u.id); err != nil {
			return err
		}
		// The mail goes out before the commit: a password no one received is never stored.
		if err := mailer.Send(ctx, m); err != nil {
			return fmt.Errorf("%w: %v", errMailFailed, err)
		}
		return nil
	})
	if errors.Is(err, errMailFailed) {
		return domain.Refusal("userName", KeyMailNotSent)
	}
	if err != nil {
		return fmt.Errorf("new login for %s: %w", u.id, err)
	}
	s.forgetSessions(admin.Tenant, revoked)
	return nil
}

var errMailFailed = errors.New("mail not sent")

// newLoginMail is the product's new-login message when the tenant has no template.
func newLoginMail(to, language string, v map[string]string) Mail {
	switch language {
	case "en":
		return Mail{To: to, Subject: "Your access to the portal", Body: fmt.Sprintf("Hello, %s.\n\nAccess code: %s\nUser: %s\n"+
			"Temporary password: %s\n\n%s\n\nYou will choose your own password when you sign in.\n", v["name"], v["accesscode"], v["username"], v["####"], v["portal"])}
	case "es":
		return Mail{To: to, Subject: "Su acceso al portal", Body: fmt.Sprintf("Hola, %s.\n\nCódigo de acceso: %s\nUsuario: %s\n"+
			"Contraseña temporal: %s\n\n%s\n\nElegirá su propia contraseña al entrar.\n", v["name"], v["accesscode"], v["username"], v["####"], v["portal"])}
	default:
		return Mail{To: to, Subject: "Seu acesso ao portal", Body: fmt.Sprintf("Olá, %s.\n\nCódigo de acesso: %s\nUsuário: %s\n"+
			"Senha temporária: %s\n\n%s\n\nVocê escolherá a sua própria senha ao entrar.\n", v["name"], v["accesscode"], v["username"], v["####"], v["portal"])}
	}
}
