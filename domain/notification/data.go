package notification

import "time"

// The stored JSON of the notification events, declared once: the commands write them and the
// projections read them (docs/api.md "Events of the notifications"). Times are UTC RFC 3339.

// OptionsData is a notification's toast configuration.
type OptionsData struct {
	Variant        string `json:"variant"`
	Classification int    `json:"classification"`
	From           string `json:"from"`
	Header         string `json:"header"`
	Link           string `json:"link"`
}

// CreatedData is notification.created.v1.
type CreatedData struct {
	ID        string      `json:"id"`
	UserID    string      `json:"userId"`
	UserHash  string      `json:"userHash"`
	SenderID  string      `json:"senderId"`
	Message   string      `json:"message"`
	Options   OptionsData `json:"options"`
	CreatedAt time.Time   `json:"createdAt"`
}

// DisplayedData is notification.displayed.v1.
type DisplayedData struct {
	ID          string    `json:"id"`
	DisplayedAt time.Time `json:"displayedAt"`
}

// DismissedData is notification.dismissed.v1.
type DismissedData struct {
	ID          string    `json:"id"`
	DismissedAt time.Time `json:"dismissedAt"`
}

// AllDismissedData is notification.all_dismissed.v1.
type AllDismissedData struct {
	IDs         []string  `json:"ids"`
	DismissedAt time.Time `json:"dismissedAt"`
}
