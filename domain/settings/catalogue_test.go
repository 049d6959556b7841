package settings_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"portal/domain/settings"
)

// webFields is the web app's copy of the catalogue's field names and groups (the panels'
// labels and descriptions are checked against it for every language).
const webFields = "../../web/src/features/tenant-admin/api/config-fields.json"

// The web app's list of the fields the server can send is the catalogue's: a field added
// here without its labels fails the web app's translation test. UPDATE_WEB_FIELDS=1 writes
// the list again.
func TestCatalogueIsTheWebAppsFieldList(t *testing.T) {
	type field struct {
		Name  string `json:"name"`
		Group string `json:"group"`
		Kind  string `json:"kind"`
	}
	kinds := map[settings.Kind]string{settings.Text: "text", settings.URL: "url", settings.Email: "email", settings.Digits: "digits",
		settings.Switch: "switch", settings.Choice: "choice", settings.Secret: "secret", settings.HTML: "html", settings.JSON: "json"}
	keys := map[string][]field{}
	for _, k := range settings.Catalogue {
		for _, f := range k.Fields {
			if f.Group != "hidden" { // never sent to the panels
				keys[k.Name] = append(keys[k.Name], field{f.Name, f.Group, kinds[f.Kind]})
			}
		}
	}
	want, err := json.MarshalIndent(keys, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if os.Getenv("UPDATE_WEB_FIELDS") == "1" {
		if err := os.WriteFile(webFields, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(webFields)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s differs from the catalogue (%v): run UPDATE_WEB_FIELDS=1 go test ./domain/settings", webFields, err)
	}
}
