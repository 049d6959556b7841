package mood_test

import (
	"os"
	"testing"
	"time"

	"portal/eventstore"
	"portal/platform/pgtest"
)

var (
	testDB    *pgtest.DB
	testStore *eventstore.Postgres

	fixedNow = time.Date(2024, 5, 10, 12, 30, 15, 123456789, time.UTC) // 09:30:15 in São Paulo
)

func TestMain(m *testing.M) {
	testDB = pgtest.MustStart("commands/mood")
	testStore = eventstore.NewPostgres(testDB.Pool)
	code := m.Run()
	testStore.Close()
	testDB.Close()
	os.Exit(code)
}
