package fence

import (
	"context"

	"portal/commands"
	"portal/domain/fence"
)

// Create draws a new fence. Its id derives from the command id, so a retried call (same
// Idempotency-Key) answers the fence it created the first time.
type Create struct {
	Caller
	Shape fence.Shape
}

// Create runs Create and answers the new fence.
func (h *Handler) Create(ctx context.Context, cmd Create) (f fence.Fence, err error) {
	defer commands.Wrap(&err, "fence.Create")
	if err := cmd.valid(); err != nil {
		return f, err
	}
	id := commands.DeriveID(cmd.Tenant, "fence", cmd.CommandID, "fence")
	return h.decide(ctx, cmd.Caller, id, func(f *fence.Fence) ([]fence.Event, error) {
		return f.Create(id.String(), cmd.Shape)
	})
}
