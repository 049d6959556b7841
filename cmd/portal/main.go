// Command portal is the whole product in one binary: the HTTP server with its projections
// and live push, and the operations around it.
//
//	portal serve                 migrate, seed an empty database, serve on $PORT (8080)
//	portal migrate               apply the migrations
//	portal seed                  seed the demo tenants into an empty database
//	portal replay <name|all>     rebuild read models from the event log
//	portal bench                 print the performance table (see bench.go)
//	portal db start|stop DIR PORT  run a private PostgreSQL cluster (used by the scripts)
//
// Without DATABASE_URL every command uses a private PostgreSQL cluster under ./.data.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"syscall"
)

func main() {
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})))
	if len(os.Args) < 2 {
		usage()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	switch cmd, args := os.Args[1], os.Args[2:]; cmd {
	case "serve":
		err = serve(ctx)
	case "migrate":
		err = withDB(ctx, func(e *env) error { return nil })
	case "seed":
		err = withDB(ctx, func(e *env) error { return e.seed(ctx) })
	case "replay":
		switch {
		case len(args) == 2 && args[0] == "--shadow":
			err = withDB(ctx, func(e *env) error { return e.replayShadow(ctx, args[1]) })
		case len(args) == 1:
			err = withDB(ctx, func(e *env) error { return e.replay(ctx, args[0]) })
		default:
			usage()
		}
	case "bench":
		err = bench(ctx, args)
	case "db":
		err = dbCommand(ctx, args)
	case "verify":
		err = withDB(ctx, func(e *env) error { return verify(ctx, e, args) })
	case "centrifugo-config":
		err = centrifugoConfig(os.Stdout)
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "portal:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: portal serve | migrate | seed | replay [--shadow] <projection|all> | bench | db start|stop DIR PORT | verify [ACCESS_CODE] | centrifugo-config")
	os.Exit(2)
}

func getenv(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func getenvInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}
