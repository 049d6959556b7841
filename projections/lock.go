package projections

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrLocked says another process runs (or replays) the projection right now.
var ErrLocked = errors.New("projections: projection is locked by another process")

// lockKey is the advisory-lock key text of a projection; the lock itself is
// pg_try_advisory_lock(hashtext(lockKey)).
func lockKey(name string) string { return "projection:" + name }

// tryLock opens a dedicated connection (outside the pool, so that closing the pool or
// exhausting it does not touch the lock) and tries to take the projection's session-level
// advisory lock on it. It returns the connection holding the lock, or ErrLocked.
func tryLock(ctx context.Context, pool *pgxpool.Pool, name string) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, pool.Config().ConnConfig.Copy())
	if err != nil {
		return nil, err
	}
	var ok bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(hashtext($1))`, lockKey(name)).Scan(&ok); err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	if !ok {
		conn.Close(context.Background())
		return nil, fmt.Errorf("%w: %s", ErrLocked, name)
	}
	return conn, nil
}

// unlock releases the lock tryLock took and closes its connection. The release is a query,
// answered once the lock is free: closing alone lets the server drop the lock only when the
// connection's backend exits, after Close has returned, and a replay started right after
// could find the projection still locked.
func unlock(conn *pgx.Conn, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, _ = conn.Exec(ctx, `SELECT pg_advisory_unlock(hashtext($1))`, lockKey(name)) // a lost connection has lost its lock too
	conn.Close(ctx)
}

// advisoryLock returns a SubscriberConfig.Lock that gives one process at a time the right to
// run projection name. A process that does not get the lock keeps its connection and tries
// again on it every retry/4: when the holder dies its session ends, PostgreSQL drops the lock
// and a waiting process takes over. Polling on a kept connection costs one trivial query,
// where a new connection per try (a backend forked, authenticated) took seconds per
// projection on a loaded host and made a takeover of every projection take 12 s. The holder
// pings its lock connection every retry: when that connection is lost (and with it the
// lock), the returned context ends so the subscriber stops emitting.
func advisoryLock(pool *pgxpool.Pool, name string, retry time.Duration, logger *slog.Logger, held func(bool)) func(context.Context) (context.Context, func(), error) {
	poll := retry / 4
	return func(ctx context.Context) (context.Context, func(), error) {
		waiting := false
		var conn *pgx.Conn
		for {
			var err error
			if conn == nil {
				conn, err = pgx.ConnectConfig(ctx, pool.Config().ConnConfig.Copy())
				if err != nil {
					conn = nil
				}
			}
			if conn != nil {
				var ok bool
				err = conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(hashtext($1))`, lockKey(name)).Scan(&ok)
				if err == nil && ok {
					if waiting {
						logger.Info("projections: took over projection", "projection", name)
					}
					held(true)
					return watchLock(ctx, conn, retry, func() { held(false) })
				}
				if err == nil {
					err = fmt.Errorf("%w: %s", ErrLocked, name)
				} else {
					conn.Close(context.Background())
					conn = nil
				}
			}
			if ctx.Err() != nil {
				if conn != nil {
					conn.Close(context.Background())
				}
				return nil, nil, ctx.Err()
			}
			if !errors.Is(err, ErrLocked) {
				logger.Warn("projections: could not try the projection lock", "projection", name, "err", err)
			} else if !waiting {
				logger.Info("projections: another process runs this projection; standing by", "projection", name)
			}
			waiting = true
			wait := poll
			if conn == nil {
				wait = retry // the database is away: do not hammer it with connects
			}
			if err := sleep(ctx, wait); err != nil {
				if conn != nil {
					conn.Close(context.Background())
				}
				return nil, nil, err
			}
		}
	}
}

// watchLock keeps conn (which holds the lock) alive; the context it returns ends when ctx
// ends or conn fails. release ends the watch and closes conn, which releases the lock.
func watchLock(ctx context.Context, conn *pgx.Conn, every time.Duration, onRelease func()) (context.Context, func(), error) {
	held, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer cancel()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-held.Done():
				return
			case <-t.C:
				pctx, pcancel := context.WithTimeout(held, every)
				err := conn.Ping(pctx)
				pcancel()
				if err != nil {
					return
				}
			}
		}
	}()
	release := func() {
		cancel()
		<-done
		cctx, ccancel := context.WithTimeout(context.Background(), time.Second)
		conn.Close(cctx)
		ccancel()
		onRelease()
	}
	return held, release, nil
}
