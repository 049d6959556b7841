package auth

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
)

// The memo of verified tokens answers a token only within its validity, and stays bounded.
func TestVerifiedTokensMemo(t *testing.T) {
	t.Parallel()
	now := time.Now()
	var v verifiedTokens
	c := Claims{UserID: uuid.New(), Roles: []string{RoleCollaborator}}
	v.put("a", verifiedToken{claims: c, exp: now.Add(time.Minute)}, now)
	v.put("b", verifiedToken{claims: c, exp: now.Add(time.Minute), nbf: now.Add(time.Second)}, now)
	if got, ok := v.get("a", now); !ok || got.UserID != c.UserID {
		t.Fatalf("a: %v %v", got, ok)
	}
	got, _ := v.get("a", now)
	got.Roles[0] = "changed"
	if again, _ := v.get("a", now); again.Roles[0] != RoleCollaborator {
		t.Errorf("a caller's change reached the memo: %v", again.Roles)
	}
	for name, tc := range map[string]struct {
		token string
		at    time.Time
	}{
		"expired":        {"a", now.Add(time.Minute)},
		"not_yet_valid":  {"b", now},
		"never_verified": {"c", now},
	} {
		if _, ok := v.get(tc.token, tc.at); ok {
			t.Errorf("%s: answered", name)
		}
	}
	if _, ok := v.get("b", now.Add(time.Second)); !ok {
		t.Error("b from its not-before time: not answered")
	}
	for i := range maxVerifiedTokens + 10 {
		v.put(fmt.Sprint(i), verifiedToken{claims: c, exp: now.Add(time.Minute)}, now)
	}
	if n := len(v.m); n > maxVerifiedTokens {
		t.Errorf("%d tokens kept, bound %d", n, maxVerifiedTokens)
	}
}

// BenchmarkParseAccess is what checking a request's token costs, the first time
// (decode and HMAC) and again (the memo).
func BenchmarkParseAccess(b *testing.B) {
	s := &Service{key: []byte("a key of 32 bytes, for the bench"), now: time.Now, accessTTL: time.Hour}
	tok, _, err := s.issueAccess(Claims{Tenant: uuid.New(), UserID: uuid.New(), UserHash: "h", Roles: []string{RoleCollaborator}})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("first", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := s.decodeAccess(tok); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("again", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.parseAccess(tok); err != nil {
				b.Fatal(err)
			}
		}
	})
}
