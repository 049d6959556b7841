// Package centrifugo runs the Centrifugo server the portal pushes through: the config the
// portal writes for it, and a supervisor that starts it as a child process, checks its
// health, restarts it when it dies and stops it on exit (docs/operations.md, "Live push").
package centrifugo

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"time"

	"portal/push"
)

// History of each channel, for recovery on reconnect: a browser that lost its connection
// recovers every message it missed, in order, when the gap is within both limits; beyond
// them Centrifugo says "not recovered" and the browser reloads what it shows. A user's own
// channel sees few messages, a tenant's channel one per tenant-wide change (vacations,
// surveys). Ten minutes covers a lost Wi-Fi or a laptop lid closed for a coffee.
const (
	UserHistorySize   = 300
	TenantHistorySize = 1000
	HistoryTTL        = 10 * time.Minute
)

// Config is what the portal tells its Centrifugo.
type Config struct {
	Address     string // listen address; "" is 127.0.0.1 (only the portal reaches it)
	Port        int    // HTTP port (websocket at /connection/websocket, /health)
	TokenSecret string // HMAC key of connection tokens (push.Token)
	APIKey      string // key of the server HTTP API (unused by the portal; required to enable it safely)
	DatabaseURL string // the database holding the outbox (push.OutboxTable)
	RedisURL    string // "": the memory engine (one node); else a Redis shared by every node
	LogLevel    string // "warn" when empty
}

// JSON renders the Centrifugo v6 configuration file.
func (c Config) JSON() ([]byte, error) {
	ns := func(name string, size int) map[string]any {
		return map[string]any{
			"name":              name,
			"history_size":      size,
			"history_ttl":       HistoryTTL.String(),
			"force_recovery":    true,
			"force_positioning": true,
			// Subscriptions come only from the token's channels (server-side): a client's own
			// subscribe request to any channel is refused.
			"allow_subscribe_for_client": false,
		}
	}
	level := c.LogLevel
	if level == "" {
		level = "warn"
	}
	addr := c.Address
	if addr == "" {
		addr = "127.0.0.1"
	}
	cfg := map[string]any{
		"http_server": map[string]any{"address": addr, "port": c.Port},
		"log":         map[string]any{"level": level},
		"client": map[string]any{
			"token": map[string]any{"hmac_secret_key": c.TokenSecret},
			// Tokens are bearer values the page fetches, never cookies, so a foreign origin
			// gains nothing by opening a socket; the portal proxies the socket on its own origin.
			"allowed_origins":                []string{"*"},
			"recovery_max_publication_limit": TenantHistorySize,
		},
		"channel": map[string]any{
			"namespaces": []any{ns("user", UserHistorySize), ns("tenant", TenantHistorySize)},
		},
		"consumers": []any{map[string]any{
			"name":    "portal_outbox",
			"enabled": true,
			"type":    "postgresql",
			"postgresql": map[string]any{
				"dsn":                            consumerDSN(c.DatabaseURL),
				"outbox_table_name":              push.OutboxTable,
				"num_partitions":                 push.Partitions,
				"partition_select_limit":         500,
				"partition_poll_interval":        "1s",
				"partition_notification_channel": push.NotifyChannel,
				// The LISTEN connection in a pool of its own: in the consumer's pool it held
				// one of the max(4, CPUs) connections for good, and on 2 cores the 4
				// partition workers took turns on the 3 left, a partition waiting for another
				// one's transaction to end.
				"partition_notification_dsn": c.DatabaseURL,
			},
		}},
		"http_api": map[string]any{"key": c.APIKey},
		"health":   map[string]any{"enabled": true},
		// Centrifugo's own metrics (connections, publications, the consumer's lag) at
		// /metrics on its port: loopback for the child, scraped by Prometheus when deployed.
		"prometheus":  map[string]any{"enabled": true},
		"usage_stats": map[string]any{"disabled": true},
	}
	if c.RedisURL != "" {
		cfg["engine"] = map[string]any{"type": "redis", "redis": map[string]any{"address": []string{c.RedisURL}}}
	}
	return json.MarshalIndent(cfg, "", "  ")
}

// consumerDSN is the database address for Centrifugo's outbox consumer: a connection per
// partition (pool_max_conns), its transactions committing without waiting for the WAL flush
// (synchronous_commit off). The consumer holds a partition from its SELECT to its DELETE's
// commit, so a flush there (milliseconds on a busy disk) delayed the partition's next messages. Nothing is lost: should the database
// crash before the flush, the rows come back and are delivered again, which the
// publication's idempotency key and its id (push.Publication) already absorb, as after a
// crash of Centrifugo between publish and delete.
func consumerDSN(dsn string) string {
	const opt = "-c synchronous_commit=off"
	conns := strconv.Itoa(push.Partitions)
	if u, err := url.Parse(dsn); err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql") {
		q := u.Query()
		q.Set("options", strings.TrimSpace(q.Get("options")+" "+opt))
		if !q.Has("pool_max_conns") {
			q.Set("pool_max_conns", conns)
		}
		u.RawQuery = q.Encode()
		return u.String()
	}
	if dsn == "" || strings.Contains(dsn, "options=") || strings.Contains(dsn, "pool_max_conns=") {
		return dsn // a keyword/value DSN with settings of its own: left as given
	}
	return dsn + " pool_max_conns=" + conns + " options='" + opt + "'"
}
