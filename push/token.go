package push

import (
	"errors"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
)

// TokenTTL is how long a connection token lives. The browser asks for a new one before it
// expires (Centrifugo tells it to); a stolen token is worth little for long.
const TokenTTL = 5 * time.Minute

// ConnectionClaims are the claims of a Centrifugo connection token: sub is the user, and
// channels are subscribed server-side at connect — the user's own channel and the tenant's —
// so what a client may receive is decided here, never by the client.
type ConnectionClaims struct {
	Channels []string `json:"channels"`
	jwt.RegisteredClaims
}

// Token signs a connection token for user of tenant with secret (HMAC SHA-256), valid from
// now for TokenTTL; it returns the token and its expiry.
func Token(secret []byte, tenant, user uuid.UUID, now time.Time) (string, time.Time, error) {
	if len(secret) < 32 {
		return "", time.Time{}, errors.New("push: the token secret must have at least 32 bytes")
	}
	exp := now.Add(TokenTTL)
	claims := ConnectionClaims{
		Channels: []string{UserChannel(tenant, user), TenantChannel(tenant)},
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   user.String(),
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(exp),
		},
	}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(secret)
	return s, exp, err
}
