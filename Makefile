# The two commands: `make run` serves the product, `make test` runs every test.
SHELL := /bin/bash
GO ?= go
BIN := bin/portal
GOFILES := $(shell find . -name '*.go' -not -path './web/*' -not -path './.data/*')
WEBFILES := $(shell find web/src web/index.html web/package.json web/vite.config.ts -type f 2>/dev/null)

.PHONY: run test deps build centrifugo web lint bench soak clean test-go test-web test-e2e

run: deps build centrifugo web
	$(BIN) serve

deps:
	@scripts/ensure-deps.sh

build: $(BIN)

# The live-push engine, pinned in tools/centrifugo/go.mod; built once into bin/.
centrifugo:
	@scripts/build-centrifugo.sh

$(BIN): $(GOFILES) go.mod go.sum migrations/*.sql
	$(GO) build -o $(BIN) ./cmd/portal

web: web/dist/index.html

web/dist/index.html: $(WEBFILES)
	cd web && npm run build

test:
	@scripts/test.sh

test-go:
	@scripts/test.sh go

test-web:
	@scripts/test.sh web

test-e2e:
	@scripts/test.sh e2e

# `make bench` prints every figure; `make bench soak` runs the 10-minute soak instead.
bench: deps build centrifugo web
	$(BIN) bench $(if $(filter soak,$(MAKECMDGOALS)),10m soak)

soak:
	@true

lint:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed"; exit 1; }
	$(GO) vet ./...
	@scripts/check-domain-imports.sh
	@scripts/check-area-imports.sh
	cd web && npm run lint

clean:
	rm -rf bin web/dist
