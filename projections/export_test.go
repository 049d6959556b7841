package projections

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// DecodeMarkFactsFast is decodeMarkFactsFast for the package's external tests.
func DecodeMarkFactsFast(data []byte) (employee string, at time.Time, reason string, ok bool) {
	var d markFacts
	ok = decodeMarkFactsFast(data, &d)
	return d.EmployeeID, d.RecordedAt, d.Reason, ok
}

// DeferIndexes is deferIndexes for the package's external tests: it leaves the indexes as a
// replay whose process died leaves them.
func DeferIndexes(ctx context.Context, tx pgx.Tx, p Projection) (bool, error) {
	return deferIndexes(ctx, tx, p)
}
