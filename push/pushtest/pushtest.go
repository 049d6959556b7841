// Package pushtest runs a real Centrifugo for tests and benchmarks and connects clients to
// it the way the browser does (server-side subscriptions from the connection token).
package pushtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/centrifugal/centrifuge-go"

	"portal/platform/centrifugo"
	"portal/push"
)

// Secret is the token key of the Centrifugo Start runs.
var Secret = []byte("pushtest-secret-0123456789abcdef0123456789")

// Binary finds bin/centrifugo of this repository (built by scripts/build-centrifugo.sh) or
// $CENTRIFUGO_BIN.
func Binary() (string, error) {
	if b := os.Getenv("CENTRIFUGO_BIN"); b != "" {
		return b, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			if _, err := os.Stat(filepath.Join(dir, "tools", "centrifugo")); err == nil {
				b := filepath.Join(dir, "bin", "centrifugo")
				if _, err := os.Stat(b); err != nil {
					return "", fmt.Errorf("%s missing: run scripts/build-centrifugo.sh", b)
				}
				return b, nil
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("centrifugo binary not found (CENTRIFUGO_BIN)")
		}
		dir = parent
	}
}

// Start runs a supervised Centrifugo consuming the outbox of databaseURL until ctx ends and
// waits until it is healthy. redisURL "" uses the memory engine.
func Start(ctx context.Context, databaseURL, redisURL string) (*centrifugo.Supervisor, error) {
	port, err := centrifugo.FreePort()
	if err != nil {
		return nil, err
	}
	return StartOn(ctx, port, databaseURL, redisURL)
}

// StartOn is Start on a given port.
func StartOn(ctx context.Context, port int, databaseURL, redisURL string) (*centrifugo.Supervisor, error) {
	bin, err := Binary()
	if err != nil {
		return nil, err
	}
	sup := centrifugo.NewSupervisor(bin, "", centrifugo.Config{
		Port: port, TokenSecret: string(Secret), APIKey: "pushtest", DatabaseURL: databaseURL, RedisURL: redisURL, LogLevel: "error",
	})
	go sup.Run(ctx)
	select {
	case <-sup.Ready():
		return sup, nil
	case <-time.After(30 * time.Second):
		return nil, errors.New("centrifugo did not become healthy in 30 s")
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Received is one publication as a client got it.
type Received struct {
	Channel string
	push.Publication
	At time.Time
}

// Subscribed is a server-side subscription's (re)subscribe as a client saw it.
type Subscribed struct {
	Channel       string
	WasRecovering bool
	Recovered     bool
}

// pubsBuffer is how many publications a Client holds unread; more block its reader. A
// channel's buffer is allocated whole and scanned by every garbage collection: at 100,000
// (9.6 MB a client) the 100 clients of bench register held 960 MB, and the 1,000 of bench
// fanout ten times that, so the process collected without pause. Tests read as they go, and
// the longest burst they await is a channel's history (centrifugo.UserHistorySize).
const pubsBuffer = 1024

// Client is a connected centrifuge-go client that keeps what it received.
type Client struct {
	*centrifuge.Client
	Pubs chan Received   // every publication, in arrival order
	Subs chan Subscribed // every server-side subscribe
	mu   sync.Mutex
	disc []centrifuge.DisconnectedEvent
}

// Connect opens a client on the websocket at wsURL with token; getToken (may be nil) gives
// the next token when the server asks for a refresh.
func Connect(wsURL, token string, getToken func() (string, error)) *Client {
	cfg := centrifuge.Config{Token: token, MinReconnectDelay: 50 * time.Millisecond, MaxReconnectDelay: 500 * time.Millisecond}
	if getToken != nil {
		cfg.GetToken = func(centrifuge.ConnectionTokenEvent) (string, error) { return getToken() }
	}
	c := &Client{Client: centrifuge.NewJsonClient(wsURL, cfg), Pubs: make(chan Received, pubsBuffer), Subs: make(chan Subscribed, 1000)}
	c.OnPublication(func(e centrifuge.ServerPublicationEvent) {
		r := Received{Channel: e.Channel, At: time.Now()}
		_ = json.Unmarshal(e.Data, &r.Publication)
		c.Pubs <- r
	})
	c.OnSubscribed(func(e centrifuge.ServerSubscribedEvent) {
		c.Subs <- Subscribed{Channel: e.Channel, WasRecovering: e.WasRecovering, Recovered: e.Recovered}
	})
	c.OnDisconnected(func(e centrifuge.DisconnectedEvent) {
		c.mu.Lock()
		c.disc = append(c.disc, e)
		c.mu.Unlock()
	})
	_ = c.Client.Connect()
	return c
}

// Disconnects returns the disconnect events seen so far (code and reason).
func (c *Client) Disconnects() []centrifuge.DisconnectedEvent {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]centrifuge.DisconnectedEvent(nil), c.disc...)
}

// WaitSubscribed waits for n server-side subscribes.
func (c *Client) WaitSubscribed(n int, d time.Duration) ([]Subscribed, error) {
	var out []Subscribed
	deadline := time.After(d)
	for len(out) < n {
		select {
		case s := <-c.Subs:
			out = append(out, s)
		case <-deadline:
			return out, fmt.Errorf("%d of %d subscriptions in %s (disconnects %v)", len(out), n, d, c.Disconnects())
		}
	}
	return out, nil
}

// Next waits for the next publication.
func (c *Client) Next(d time.Duration) (Received, error) {
	select {
	case r := <-c.Pubs:
		return r, nil
	case <-time.After(d):
		return Received{}, fmt.Errorf("no publication in %s", d)
	}
}

// Quiet fails when a publication arrives within d.
func (c *Client) Quiet(d time.Duration) error {
	select {
	case r := <-c.Pubs:
		return fmt.Errorf("unexpected publication %s on %s", r.Topic, r.Channel)
	case <-time.After(d):
		return nil
	}
}

// WSURL is the websocket address of a Centrifugo (or a portal proxying it) at base http URL.
func WSURL(base string) string {
	if len(base) > 4 && base[:4] == "http" {
		base = "ws" + base[4:]
	}
	return base + "/connection/websocket"
}

// StartRedis runs Debian's redis-server on a free loopback port, without persistence, until
// ctx ends; it returns its address as a redis:// URL.
func StartRedis(ctx context.Context) (string, error) {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return "", errors.New("redis-server not found: scripts/ensure-deps.sh --browser installs it")
	}
	port, err := centrifugo.FreePort()
	if err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return "", err
	}
	go cmd.Wait()
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return "redis://" + addr, nil
		}
	}
	return "", errors.New("redis-server did not start in 10 s")
}
