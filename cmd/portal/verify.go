package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/google/uuid"
)

// verify runs `portal verify [ACCESS_CODE]`: it recomputes the hash chains of one tenant (or
// of every tenant) and prints each report; it fails when a link is broken.
func verify(ctx context.Context, e *env, args []string) error {
	q, qargs := `SELECT id FROM tenants ORDER BY access_code`, []any{}
	if len(args) > 0 {
		q, qargs = `SELECT id FROM tenants WHERE access_code = $1`, []any{args[0]}
	}
	rows, err := e.pool.Query(ctx, q, qargs...)
	if err != nil {
		return err
	}
	var tenants []uuid.UUID
	for rows.Next() {
		var id uuid.UUID
		if err := rows.Scan(&id); err != nil {
			return err
		}
		tenants = append(tenants, id)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(tenants) == 0 {
		return fmt.Errorf("no tenant %v", args)
	}
	broken := false
	enc := json.NewEncoder(os.Stdout)
	for _, t := range tenants {
		rep, err := e.store.VerifyChain(ctx, t)
		if err != nil {
			return err
		}
		broken = broken || rep.Broken != nil
		if err := enc.Encode(rep); err != nil {
			return err
		}
	}
	if broken {
		return errors.New("a hash chain is broken (see \"broken\" above)")
	}
	return nil
}
