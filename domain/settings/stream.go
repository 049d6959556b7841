package settings

import "fmt"

// Stream names the tenant's configuration history, "settings-<tenantId>": the commands
// append to it and the audit area reads it by this one name.
func Stream(tenant fmt.Stringer) string { return "settings-" + tenant.String() }
