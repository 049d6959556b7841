package commands

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"portal/domain"
	ts "portal/domain/timesheet"
	"portal/eventstore"
)

// RefuseClosedMonth refuses a change to a day (YYYY-MM-DD) whose month HR closed: an
// adjustment to a closed month (filed, HR's mark, or approved or undone after the closing)
// needs HR to reopen it first (issue 30). It folds the tenant's timesheet stream
// (timesheet.month_closed / month_reopened), the closings' own log.
func RefuseClosedMonth(ctx context.Context, store eventstore.Store, tenant uuid.UUID, day string) error {
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return nil // the adjustment's own validation names a bad date
	}
	recorded, err := store.ReadStream(ctx, tenant, ts.Stream(tenant), 0)
	if err != nil {
		return err
	}
	month := d.Format(ts.MonthLayout)
	closed := false
	for _, re := range recorded {
		if re.Type != ts.TypeMonthClosed && re.Type != ts.TypeMonthReopened {
			continue
		}
		var m ts.MonthData
		if err := json.Unmarshal(re.Data, &m); err != nil {
			return err
		}
		if m.Month == month {
			closed = re.Type == ts.TypeMonthClosed
		}
	}
	if closed {
		return domain.Refusal("data", ts.KeyMonthClosed)
	}
	return nil
}
