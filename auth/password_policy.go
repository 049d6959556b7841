package auth

import (
	"crypto/rand"
	"strings"
	"time"
	"unicode/utf8"

	"portal/domain"
)

// Password rules (spec portal-core §5, §9).
const (
	PasswordMinLength = 8   // "Password minimum 8"
	PasswordMaxLength = 256 // bounds the hashing work a request can ask for
	// MaxReuseLimit bounds the tenant's reuse limit: each remembered password costs one
	// argon2id check per change.
	MaxReuseLimit = 24
)

// Reset codes (spec portal-core §2, §9: "reset code length 8"; issue 3: single-use, 10
// minutes, 5 tries).
const (
	ResetCodeLength   = 8
	ResetCodeTTL      = 10 * time.Minute
	ResetCodeTries    = 5
	ResetCodesPerHour = 5 // codes sent per account per hour; more requests send nothing
	// ResetCodeAlphabet has upper-case letters and digits without the ambiguous ones
	// (0/O, 1/I/L): 31 symbols, so 8 of them are about 40 bits.
	ResetCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	// NewPasswordSessionTTL is how long the NEW_PASSWORD_REQUIRED challenge's session lives.
	NewPasswordSessionTTL = 15 * time.Minute
)

// Message keys of the password calls (the web app translates them, pt/en/es).
const (
	KeyPasswordRequired   = "senha_obrigatoria"
	KeyPasswordTooShort   = "senha_minimo_8"
	KeyPasswordTooLong    = "senha_muito_longa"
	KeyPasswordReused     = "senha_reutilizada"
	KeyWrongPassword      = "senha_atual_incorreta"
	KeyInvalidCode        = "codigo_invalido"
	KeyInvalidSession     = "sessao_invalida"
	KeyUserNameRequired   = "usuario_obrigatorio"
	KeyAccessCodeRequired = "codigo_acesso_obrigatorio"
)

// ValidateNewPassword checks a proposed password's form; field names the call's input.
func ValidateNewPassword(field, password string) error {
	n := utf8.RuneCountInString(password)
	switch {
	case password == "":
		return domain.InvalidField(field, KeyPasswordRequired)
	case n < PasswordMinLength:
		return domain.InvalidField(field, KeyPasswordTooShort)
	case n > PasswordMaxLength:
		return domain.InvalidField(field, KeyPasswordTooLong)
	}
	return nil
}

// reuseWindow is how many of the user's latest passwords a reuse limit refuses besides the
// current one: the limit counts the current password, so limit 3 refuses the current one
// and the two before it. The current password is always refused (a change must change it).
func reuseWindow(limit int) int {
	if limit > MaxReuseLimit {
		limit = MaxReuseLimit
	}
	if limit <= 1 {
		return 0
	}
	return limit - 1
}

// passwordExpired tells whether a password changed at changed is too old for a tenant whose
// passwords expire after days (0: never).
func passwordExpired(changed time.Time, days int, now time.Time) bool {
	return days > 0 && !changed.IsZero() && !now.Before(changed.AddDate(0, 0, days))
}

// NewResetCode returns ResetCodeLength symbols of ResetCodeAlphabet from crypto/rand,
// each uniformly distributed (rejection sampling: no modulo bias).
func NewResetCode() (string, error) {
	const n = len(ResetCodeAlphabet)
	limit := byte(256 - 256%n) // bytes >= limit are thrown away
	var b strings.Builder
	buf := make([]byte, 16)
	for b.Len() < ResetCodeLength {
		if _, err := rand.Read(buf); err != nil {
			return "", err
		}
		for _, x := range buf {
			if x < limit && b.Len() < ResetCodeLength {
				b.WriteByte(ResetCodeAlphabet[int(x)%n])
			}
		}
	}
	return b.String(), nil
}

// normalizeResetCode is how typed codes compare: trimmed, upper case.
func normalizeResetCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }
