package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"

	"portal/platform/centrifugo"
	"portal/readapi"
)

// pushWiring sets up live push (docs/operations.md, "Live push"). With CENTRIFUGO_URL the
// portal uses that Centrifugo (it must share CENTRIFUGO_TOKEN_SECRET and consume this
// database's outbox); otherwise it writes a config and supervises its own child Centrifugo
// (bin/centrifugo, CENTRIFUGO_BIN) on CENTRIFUGO_PORT (a free port when unset), with the
// Redis of CENTRIFUGO_REDIS_URL as its engine when set. run keeps the child alive until ctx
// ends; it returns at once for an external one.
func pushWiring(e *env) (p *readapi.Push, run func(ctx context.Context) error, err error) {
	secret := []byte(getenv("CENTRIFUGO_TOKEN_SECRET", ""))
	if external := getenv("CENTRIFUGO_URL", ""); external != "" {
		u, err := url.Parse(external)
		if err != nil || u.Host == "" {
			return nil, nil, fmt.Errorf("CENTRIFUGO_URL %q: not an http(s) address", external)
		}
		if len(secret) < 32 {
			return nil, nil, errors.New("CENTRIFUGO_URL needs CENTRIFUGO_TOKEN_SECRET (at least 32 bytes), the HMAC key its config has")
		}
		return &readapi.Push{URL: u, Secret: secret}, func(context.Context) error { return nil }, nil
	}
	bin, err := centrifugo.FindBinary()
	if err != nil {
		return nil, nil, err
	}
	if len(secret) == 0 {
		secret = []byte(randomKey()) // the child gets it through its config only
	} else if len(secret) < 32 {
		return nil, nil, errors.New("CENTRIFUGO_TOKEN_SECRET must have at least 32 bytes")
	}
	port := getenvInt("CENTRIFUGO_PORT", 0)
	if port == 0 {
		if port, err = centrifugo.FreePort(); err != nil {
			return nil, nil, err
		}
	}
	sup := centrifugo.NewSupervisor(bin, "", centrifugo.Config{
		Port: port, TokenSecret: string(secret), APIKey: randomKey(), DatabaseURL: e.url,
		RedisURL: getenv("CENTRIFUGO_REDIS_URL", ""),
	})
	u, _ := url.Parse(sup.URL())
	p = &readapi.Push{URL: u, Secret: secret, State: func(context.Context) readapi.PushState {
		st := sup.State()
		return readapi.PushState{Status: st.Status, URL: sup.URL(), PID: st.PID, Restarts: st.Restarts}
	}}
	slog.Info("starting centrifugo", "bin", bin, "url", sup.URL())
	return p, sup.Run, nil
}

// centrifugoConfig prints the config of an external Centrifugo node (docker-compose.yml) from
// DATABASE_URL, CENTRIFUGO_TOKEN_SECRET, CENTRIFUGO_API_KEY, CENTRIFUGO_REDIS_URL and
// CENTRIFUGO_PORT (8000), listening on every interface: the same config serve gives its child.
func centrifugoConfig(w io.Writer) error {
	secret := getenv("CENTRIFUGO_TOKEN_SECRET", "")
	if len(secret) < 32 || getenv("DATABASE_URL", "") == "" {
		return errors.New("centrifugo-config needs DATABASE_URL and CENTRIFUGO_TOKEN_SECRET (at least 32 bytes)")
	}
	b, err := centrifugo.Config{
		Address: "0.0.0.0", Port: getenvInt("CENTRIFUGO_PORT", 8000), TokenSecret: secret,
		APIKey: getenv("CENTRIFUGO_API_KEY", randomKey()), DatabaseURL: getenv("DATABASE_URL", ""),
		RedisURL: getenv("CENTRIFUGO_REDIS_URL", ""), LogLevel: "info",
	}.JSON()
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

func randomKey() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
