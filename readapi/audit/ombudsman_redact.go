package audit

import (
	"encoding/json"

	"portal/domain/ombudsman"
)

// redactReporters takes the reporter out of the filing of every private report the viewer
// may not see the reporter of (only the holders of the casbin permission "ombudsman,
// handle" may; docs/ombudsman.md). The filing's actor is already neutral (uuid.Nil), so the
// data is the one place the reporter shows; an anonymous filing holds no reporter at all.
func redactReporters(items []TimelineItem, ombudsmanViewer bool) {
	if ombudsmanViewer {
		return
	}
	for i := range items {
		if items[i].Type != ombudsman.TypeFiled {
			continue
		}
		var data map[string]any
		if json.Unmarshal(items[i].Data, &data) != nil {
			items[i].Data, items[i].Fields = json.RawMessage(`{}`), nil
			continue
		}
		if data["visibility"] == ombudsman.Public {
			continue
		}
		delete(data, "reporter")
		b, _ := json.Marshal(data)
		items[i].Data, items[i].Fields = b, flatten(b)
	}
}
