// Command testop runs the test OpenID provider of auth/oidctest (built on ory/fosite) as a
// process, for the browser tests (web/e2e/sso.test.mjs). It is a test tool: one client, one
// user who signs in and consents at once, keys made at start and kept in memory.
//
//	testop -addr 127.0.0.1:9400 -client-id portal -redirect http://127.0.0.1/callback \
//	       -user ana-sub/ana.souza@democorp.com.br
//
// When it listens it prints one line "testop ready <issuer>" on standard output.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"portal/auth/oidctest"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("testop: ")
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	issuer := flag.String("issuer", "", "issuer URL (default http://<listen address>)")
	clientID := flag.String("client-id", "portal", "the registered client's id")
	clientSecret := flag.String("client-secret", "", "the client's secret (empty: a public client, PKCE only)")
	redirect := flag.String("redirect", "", "registered redirect URIs, comma separated (for 127.0.0.1 any port matches)")
	user := flag.String("user", "", "who signs in: subject/email")
	name := flag.String("name", "", "the user's display name")
	scopes := flag.String("scopes", strings.Join(oidctest.DefaultScopes, ","), "scopes advertised and allowed, comma separated")
	flag.Parse()

	sub, email, _ := strings.Cut(*user, "/")
	if sub == "" || *redirect == "" {
		log.Fatal("need -user subject/email and -redirect")
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	iss := *issuer
	if iss == "" {
		iss = "http://" + ln.Addr().String()
	}
	op, err := oidctest.New(oidctest.Options{
		Issuer: iss, ClientID: *clientID, ClientSecret: *clientSecret,
		RedirectURIs: split(*redirect), Scopes: split(*scopes),
		User: oidctest.User{Subject: sub, Email: email, Name: *name},
	})
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{Handler: op, ReadHeaderTimeout: 5 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	fmt.Println("testop ready", iss)
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}

func split(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
