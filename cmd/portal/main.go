// Command portal is the whole product in one binary: the HTTP server with its projections
// and live push, and the operations around it.
//
//	portal serve                 migrate, seed an empty database, serve on $PORT (8080)
//	portal migrate               apply the migrations
//	portal seed                  seed the demo tenants into an empty database
//	portal replay <name|all>     rebuild read models from the event log
//	portal bench                 print the performance table (see bench.go)
//	portal db start|stop DIR PORT  run a private PostgreSQL cluster (used by the scripts)
//	portal backup FILE / restore FILE  pg_dump / pg_restore of the database (backup.go)
//
// Without DATABASE_URL every command uses a private PostgreSQL cluster under ./.data.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"syscall"

	"portal/platform/telemetry"
)

func main() {
	// Records logged with a traced context name their trace (docs/operations.md, "Tracing").
	slog.SetDefault(slog.New(telemetry.LogHandler{Handler: slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})}))
	tuneGC()
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
		err = withReadOnlyDB(ctx, func(e *env) error { return verify(ctx, e, args) })
	case "backup":
		err = backup(ctx, args)
	case "restore":
		err = restore(ctx, args)
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
	fmt.Fprintln(os.Stderr, "usage: portal serve | migrate | seed | replay [--shadow] <projection|all> | bench | db start|stop DIR PORT | verify [ACCESS_CODE] | backup FILE | restore FILE | centrifugo-config")
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

// Garbage collection (docs/operations.md "Memory"): the live heap is small (20–25 MiB in the
// 10-minute soak), so collecting at 400 % growth instead of Go's 100 % trades some MiB for CPU
// on the request paths (bench mood, six alternating pairs on 2 cores: 3,912 against 3,547
// check-ins/s on average, p99 median 23.7 against 25.5 ms). A soft memory limit bounds the
// heap should the live set grow. GOGC and GOMEMLIMIT, when set, win.
const (
	gcPercent   = 400
	memoryLimit = 1 << 30 // 1 GiB
)

func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}
