package eventstore_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"portal/eventstore"
)

// randText is a string of ASCII, separators (0x1F is the content's own separator), quotes,
// backslashes, control characters, accents, CJK, emoji and combining marks (never NUL, which
// text cannot hold), sometimes empty.
func randText(r *rand.Rand) string {
	parts := []string{"a", "Z", "0", " ", "\x1f", "\"", "\\", "\n", "\t", "\x01", "\x7f", "ç", "ã", "É", "ñ",
		"日本", "😀", "e\u0301", "\u2028", "'", "{", "}", ",", ":", "/", "\u00a0", "\ufeff"}
	var s strings.Builder
	for n := r.IntN(12); n > 0; n-- {
		s.WriteString(parts[r.IntN(len(parts))])
	}
	return s.String()
}

// randJSON is a JSON value: nested objects and arrays (sometimes empty), numbers in the forms
// jsonb keeps or rewrites (1.0, -0, 1e3, 2.5E-7, 20 digits), strings of randText, null, booleans.
func randJSON(r *rand.Rand, depth int) any {
	k := r.IntN(8)
	if depth > 2 {
		k = 2 + r.IntN(6)
	}
	switch k {
	case 0:
		m := map[string]any{}
		for n := r.IntN(5); n > 0; n-- {
			m[randText(r)] = randJSON(r, depth+1)
		}
		return m
	case 1:
		a := []any{}
		for n := r.IntN(4); n > 0; n-- {
			a = append(a, randJSON(r, depth+1))
		}
		return a
	case 2:
		nums := []string{"0", "-0", "1.0", "1e3", "2.5E-7", "12345678901234567890", "-3.14159", "1.50", "0.000001"}
		return json.Number(nums[r.IntN(len(nums))])
	case 3:
		return r.Float64() * 1e6
	case 4:
		return nil
	case 5:
		return r.IntN(2) == 0
	default:
		return randText(r)
	}
}

// TestChainContentMatchesSQL: verification rebuilds in Go the bytes the SQL function
// event_chain_content hashes (appends still hash in SQL); both must agree byte for byte for any
// event, or an intact log would read as altered. Random events cover every column the content
// covers: unicode and separators in the texts, NULL ids and an empty command, empty metadata
// ({}), timestamps before 1970, with microseconds and infinite, and every shape of jsonb.
func TestChainContentMatchesSQL(t *testing.T) {
	ctx := context.Background()
	conn, err := testDB.Pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	// Every column nullable: the function skips NULLs, so must the Go content.
	if _, err := conn.Exec(ctx, `CREATE TEMP TABLE chain_probe (position bigint, id uuid, stream text, version bigint,
		type text, schema_version int, actor text, correlation_id uuid, causation_id uuid, command_id text,
		recorded_at timestamptz, data jsonb)`); err != nil {
		t.Fatal(err)
	}
	defer conn.Exec(ctx, `DROP TABLE chain_probe`)

	r := rand.New(rand.NewPCG(33, uint64(time.Now().UnixNano())))
	maybeUUID := func() any {
		if r.IntN(3) == 0 {
			return nil
		}
		return uuid.New()
	}
	const n = 3000
	for i := 0; i < n; i++ {
		data, err := json.Marshal(randJSON(r, 0))
		if err != nil {
			t.Fatal(err)
		}
		if r.IntN(8) == 0 {
			data = []byte(`{}`)
		}
		at := time.Unix(r.Int64N(200_000_000_000)-100_000_000_000, r.Int64N(1e9)).UTC() // years ~ -1200 … 5100
		if r.IntN(4) == 0 {
			at = time.Unix(r.Int64N(4_000_000)-2_000_000, r.Int64N(1e9)).UTC() // around 1970
		}
		vals := []any{r.Int64N(1 << 62), uuid.New(), randText(r), r.Int64N(1 << 40), randText(r), r.Int32() - r.Int32(),
			randText(r), maybeUUID(), maybeUUID(), randText(r), at, string(data)}
		if r.IntN(10) == 0 { // the columns the table never leaves NULL, NULL once in a while
			vals[r.IntN(len(vals))] = nil
		}
		if _, err := conn.Exec(ctx, `INSERT INTO chain_probe VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb)`, vals...); err != nil {
			t.Fatalf("row %v: %v", vals, err)
		}
	}
	if _, err := conn.Exec(ctx, `INSERT INTO chain_probe VALUES (1, gen_random_uuid(), 's', 0, 't', 1, '', NULL, NULL, '', 'infinity', '{}'),
		(2, gen_random_uuid(), 's', 1, 't', 1, '', NULL, NULL, '', '-infinity', '[]'),
		(3, gen_random_uuid(), '', 2, '', 0, '', NULL, NULL, '', '1970-01-01 00:00:00+00', '""'),
		(4, gen_random_uuid(), 's', 3, 't', 1, 'a', gen_random_uuid(), NULL, 'c', '1969-12-31 23:59:59.5+00', '{"a": {"b": [1, 2.0, null]}}')`); err != nil {
		t.Fatal(err)
	}

	tenant := uuid.New()
	rows, err := conn.Query(ctx, `SELECT `+eventstore.ChainCols+`, event_chain_content(position, id, $1, stream, version,
		type, schema_version, actor, correlation_id, causation_id, command_id, recorded_at, data) AS content,
		sha256(event_chain_content(position, id, $1, stream, version, type, schema_version, actor, correlation_id,
		causation_id, command_id, recorded_at, data)) AS hash
		FROM chain_probe`, pgx.QueryResultFormats{pgx.BinaryFormatCode}, tenant)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	tb := [16]byte(tenant)
	checked := 0
	for rows.Next() {
		v := rows.RawValues()
		got, err := eventstore.AppendChainContent(nil, &tb, v[:12])
		if err != nil {
			t.Fatal(err)
		}
		if want := v[12]; !bytes.Equal(got, want) {
			t.Fatalf("content differs:\n go  %q\n sql %q", got, want)
		}
		if sum := sha256.Sum256(got); !bytes.Equal(sum[:], v[13]) {
			t.Fatalf("hash differs for %q", got)
		}
		checked++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if checked != n+4 {
		t.Fatalf("checked %d rows, want %d", checked, n+4)
	}
	t.Logf("%d events: Go content = event_chain_content", checked)
}
