package auth

import (
	"testing"

	"github.com/google/uuid"
)

// BenchmarkPolicyAllowed is the two checks of a punch (clock read, clock register) for a
// collaborator.
func BenchmarkPolicyAllowed(b *testing.B) {
	p, err := NewPolicy()
	if err != nil {
		b.Fatal(err)
	}
	tenant, roles := uuid.NewString(), []string{RoleCollaborator}
	b.ReportAllocs()
	for b.Loop() {
		if !p.Allowed(roles, tenant, "clock", "read") || !p.Allowed(roles, tenant, "clock", "register") {
			b.Fatal("collaborator may not punch")
		}
	}
}
