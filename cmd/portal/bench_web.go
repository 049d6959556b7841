package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

var (
	// The entry script and stylesheet index.html names, and the chunks a script imports
	// statically (import{…}from"./x.js", import"./x.js"; not import("./x.js"), which loads
	// on demand).
	htmlAsset    = regexp.MustCompile(`(?:src|href)="/(assets/[^"]+\.(?:js|css))"`)
	staticImport = regexp.MustCompile(`(?:from|import)\s*"\./([^"]+\.js)"`)
)

// firstPage reports what the login page makes a browser download (web/dist as served: the
// brotli copies, web/scripts/precompress.mjs): its entry script with every chunk that
// script imports statically, and its stylesheet, beside all the app's scripts.
func (b *benchRun) firstPage() error {
	dir := getenv("WEB_DIR", "web/dist")
	html, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		return fmt.Errorf("first page: build the web app first (make web): %w", err)
	}
	size := func(name string) (raw, br int64) {
		if st, err := os.Stat(filepath.Join(dir, name)); err == nil {
			raw = st.Size()
		}
		br = raw
		if st, err := os.Stat(filepath.Join(dir, name+".br")); err == nil {
			br = st.Size()
		}
		return raw, br
	}
	var scriptRaw, scriptBr, cssBr int64
	seen := map[string]bool{}
	var visit func(name string)
	visit = func(name string) {
		if seen[name] {
			return
		}
		seen[name] = true
		raw, br := size(name)
		scriptRaw, scriptBr = scriptRaw+raw, scriptBr+br
		code, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return
		}
		for _, m := range staticImport.FindAllStringSubmatch(string(code), -1) {
			visit(filepath.ToSlash(filepath.Join(filepath.Dir(name), m[1])))
		}
	}
	for _, m := range htmlAsset.FindAllStringSubmatch(string(html), -1) {
		if strings.HasSuffix(m[1], ".css") {
			_, br := size(m[1])
			cssBr += br
			continue
		}
		visit(m[1])
	}
	var allBr int64
	all, _ := filepath.Glob(filepath.Join(dir, "assets", "*.js"))
	for _, f := range all {
		_, br := size(strings.TrimPrefix(filepath.ToSlash(f), filepath.ToSlash(dir)+"/"))
		allBr += br
	}
	kb := func(n int64) string { return fmt.Sprintf("%.0f KB", float64(n)/1024) }
	b.ratio(fmt.Sprintf("login page scripts, brotli (%d files, %s raw)", len(seen), kb(scriptRaw)), sizeFig(scriptBr),
		sizeFig(allBr), fmt.Sprintf("every script of the app, brotli (%d files)", len(all)), reportOnly)
	// A size does not move with the host: its budget stays absolute.
	b.check("login page scripts within budget, brotli", kb(scriptBr), "≤ 150 KB", scriptBr <= 150*1024)
	b.check("login page stylesheet, brotli", kb(cssBr), "—", true)
	return nil
}
