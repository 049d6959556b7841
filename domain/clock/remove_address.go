package clock

import (
	"time"

	"portal/domain"
)

// RemoveAddress decides removing an address book entry (spec portal-core §5: the web app
// confirms first). An unknown ukey is NotFound.
func (c *Clock) RemoveAddress(ukey string, now time.Time) ([]Event, error) {
	if ukey == "" {
		return nil, domain.InvalidField("ukey", domain.KeyRequired)
	}
	for _, a := range c.addresses {
		if a.UKey == ukey {
			return []Event{AddressRemoved{UKey: ukey, RemovedAt: now}}, nil
		}
	}
	return nil, &domain.Error{Kind: domain.NotFound, Field: "ukey", Key: domain.KeyNotFound}
}
