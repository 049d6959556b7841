package centrifugo

import (
	"net/url"
	"strings"
	"testing"
)

// The outbox consumer has a connection per partition and commits without waiting for the
// flush, and keeps every other setting of the portal's database address.
func TestConsumerDSNTurnsSynchronousCommitOff(t *testing.T) {
	t.Parallel()
	got, err := url.Parse(consumerDSN("postgres://portal@/postgres?host=/tmp/pg&port=5432&sslmode=disable&options=-c%20statement_timeout%3D5s"))
	if err != nil {
		t.Fatal(err)
	}
	q := got.Query()
	if q.Get("host") != "/tmp/pg" || q.Get("port") != "5432" || q.Get("sslmode") != "disable" || got.User.Username() != "portal" {
		t.Errorf("settings lost: %s", got)
	}
	if o := q.Get("options"); o != "-c statement_timeout=5s -c synchronous_commit=off" {
		t.Errorf("options = %q", o)
	}
	if n := q.Get("pool_max_conns"); n != "4" {
		t.Errorf("pool_max_conns = %q, want a connection per partition", n)
	}
	if kv := consumerDSN("host=/tmp/pg dbname=portal"); !strings.HasSuffix(kv, " pool_max_conns=4 options='-c synchronous_commit=off'") {
		t.Errorf("keyword/value DSN: %q", kv)
	}
}
