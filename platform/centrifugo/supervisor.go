package centrifugo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

// State is what the supervisor knows of its child, for /health.
type State struct {
	Status   string    `json:"status"` // "starting", "ok", "down" (restarting) or "stopped"
	PID      int       `json:"pid,omitempty"`
	Restarts int       `json:"restarts"`
	Since    time.Time `json:"since"` // when Status last changed
}

// Supervisor keeps one Centrifugo child running: it writes the config under Dir, starts
// Binary, waits for /health, restarts it (with backoff) whenever it exits, and stops it when
// Run's context ends. The child also dies with the portal (parent-death signal), so a killed
// portal never leaves it behind.
type Supervisor struct {
	Binary string
	Dir    string // where the config file is written; "": a temporary folder, removed at the end
	Config Config
	Logger *slog.Logger

	mu    sync.Mutex
	state State
	ready chan struct{}
	once  sync.Once
}

// NewSupervisor returns a supervisor; Run starts the child.
func NewSupervisor(binary, dir string, cfg Config) *Supervisor {
	return &Supervisor{Binary: binary, Dir: dir, Config: cfg, Logger: slog.Default(),
		state: State{Status: "starting", Since: time.Now()}, ready: make(chan struct{})}
}

// URL is the child's base address.
func (s *Supervisor) URL() string { return fmt.Sprintf("http://127.0.0.1:%d", s.Config.Port) }

// Ready is closed the first time the child answers its health check.
func (s *Supervisor) Ready() <-chan struct{} { return s.ready }

// State returns the child's current state.
func (s *Supervisor) State() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state
}

func (s *Supervisor) set(status string, pid int, restarted bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if restarted {
		s.state.Restarts++
	}
	if s.state.Status != status || s.state.PID != pid {
		s.state.Status, s.state.PID, s.state.Since = status, pid, time.Now()
	}
}

// Run keeps the child running until ctx ends, then stops it.
func (s *Supervisor) Run(ctx context.Context) error {
	cfg, err := s.Config.JSON()
	if err != nil {
		return err
	}
	dir := s.Dir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "portal-centrifugo-"); err != nil {
			return err
		}
		defer os.RemoveAll(dir)
	} else if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	path := filepath.Join(dir, "centrifugo.json")
	if err := os.WriteFile(path, cfg, 0o600); err != nil { // it holds the token secret
		return err
	}
	backoff := 250 * time.Millisecond
	for attempt := 0; ; attempt++ {
		started := time.Now()
		err := s.runOnce(ctx, path, attempt > 0)
		if ctx.Err() != nil {
			s.set("stopped", 0, false)
			return nil
		}
		s.set("down", 0, false)
		s.Logger.Warn("centrifugo exited; restarting", "err", err, "in", backoff)
		if time.Since(started) > time.Minute {
			backoff = 250 * time.Millisecond // it ran well for a while: restart quickly
		}
		select {
		case <-ctx.Done():
			s.set("stopped", 0, false)
			return nil
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, 5*time.Second)
	}
}

// runOnce starts the child and waits for it to exit or for ctx to end.
func (s *Supervisor) runOnce(ctx context.Context, config string, restart bool) error {
	cmd := exec.Command(s.Binary, "-c", config)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", s.Binary, err)
	}
	pid := cmd.Process.Pid
	s.set("starting", pid, restart)
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	probeCtx, stopProbe := context.WithCancel(ctx)
	defer stopProbe()
	go s.probe(probeCtx, pid)
	select {
	case err := <-exited:
		return err
	case <-ctx.Done():
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
		return ctx.Err()
	}
}

// probe checks the child's /health every 50 ms until it answers, then every 2 s.
func (s *Supervisor) probe(ctx context.Context, pid int) {
	client := &http.Client{Timeout: time.Second}
	every := 50 * time.Millisecond
	for {
		if Healthy(ctx, client, s.URL()) {
			s.set("ok", pid, false)
			s.once.Do(func() { close(s.ready) })
			every = 2 * time.Second
		} else if s.State().Status == "ok" {
			s.set("down", pid, false)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
		}
	}
}

// Healthy tells whether the Centrifugo at base answers its health check.
func Healthy(ctx context.Context, client *http.Client, base string) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/health", nil)
	if err != nil {
		return false
	}
	resp, err := client.Do(req)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// FreePort returns a loopback TCP port that was free a moment ago.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// FindBinary locates the centrifugo binary: $CENTRIFUGO_BIN, next to the running binary
// (bin/), or on PATH.
func FindBinary() (string, error) {
	if b := os.Getenv("CENTRIFUGO_BIN"); b != "" {
		return b, nil
	}
	if exe, err := os.Executable(); err == nil {
		b := filepath.Join(filepath.Dir(exe), "centrifugo")
		if st, err := os.Stat(b); err == nil && !st.IsDir() {
			return b, nil
		}
	}
	if b, err := exec.LookPath("centrifugo"); err == nil {
		return b, nil
	}
	return "", errors.New("centrifugo binary not found: run scripts/build-centrifugo.sh (make run does), set CENTRIFUGO_BIN, or CENTRIFUGO_URL for an external one")
}
