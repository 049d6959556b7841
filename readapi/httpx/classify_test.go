package httpx

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"portal/eventstore"
)

// A database out of reach for a moment answers 503 (with Retry-After, errorHandler), any
// other database error stays a 500 (issue 29).
func TestClassifyDatabaseUnavailable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"too_many_connections", &pgconn.PgError{Code: "53300"}, http.StatusServiceUnavailable},
		{"cannot_connect_now", fmt.Errorf("load: %w", &pgconn.PgError{Code: "57P03"}), http.StatusServiceUnavailable},
		{"admin_shutdown", &pgconn.PgError{Code: "57P01"}, http.StatusServiceUnavailable},
		{"connection_lost", fmt.Errorf("append: %w", io.ErrUnexpectedEOF), http.StatusServiceUnavailable},
		{"connection_failure", &pgconn.PgError{Code: "08006"}, http.StatusServiceUnavailable},
		{"pool_wait_timed_out", fmt.Errorf("acquire: %w", context.DeadlineExceeded), http.StatusServiceUnavailable},
		{"syntax_error_stays_500", &pgconn.PgError{Code: "42601"}, http.StatusInternalServerError},
		{"other_error_stays_500", errors.New("boom"), http.StatusInternalServerError},
		{"concurrency_stays_409", eventstore.ErrConcurrency, http.StatusConflict},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			status, list := Classify(tt.err)
			if status != tt.want {
				t.Fatalf("status %d, want %d", status, tt.want)
			}
			if status == http.StatusServiceUnavailable && (list[0].Type != "request" || list[0].Message != "indisponivel") {
				t.Fatalf("list %v", list)
			}
		})
	}
}
