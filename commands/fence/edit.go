package fence

import (
	"context"

	"github.com/google/uuid"

	"portal/commands"
	"portal/domain/fence"
)

// Edit changes a fence's name, centre or radius.
type Edit struct {
	Caller
	FenceID uuid.UUID
	Shape   fence.Shape
}

// Edit runs Edit and answers the fence as it now is.
func (h *Handler) Edit(ctx context.Context, cmd Edit) (f fence.Fence, err error) {
	defer commands.Wrap(&err, "fence.Edit(%s)", cmd.FenceID)
	return h.decide(ctx, cmd.Caller, cmd.FenceID, func(f *fence.Fence) ([]fence.Event, error) { return f.Edit(cmd.Shape) })
}
