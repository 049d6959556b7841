package fence

import (
	"context"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/fence"
)

// Remove removes a fence: it stops counting for every punch.
type Remove struct {
	Caller
	FenceID uuid.UUID
}

// Remove runs Remove.
func (h *Handler) Remove(ctx context.Context, cmd Remove) (err error) {
	defer commands.Wrap(&err, "fence.Remove(%s)", cmd.FenceID)
	_, err = h.decide(ctx, cmd.Caller, cmd.FenceID, func(f *fence.Fence) ([]fence.Event, error) { return f.Remove() })
	return err
}
