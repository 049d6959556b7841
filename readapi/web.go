package readapi

import (
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
)

// routesWeb serves the built single-page app (GET and HEAD); unknown paths get index.html and
// the app shows its 404 page. Files are sent as the build precompressed them (name.br,
// name.gz: web/scripts/precompress.mjs) when the browser accepts that encoding; the hashed
// files under /assets/ never change, so browsers keep them for a year without asking again.
func (s *Server) routesWeb(e *echo.Echo) {
	if s.WebDir == "" {
		return
	}
	index := filepath.Join(s.WebDir, "index.html")
	serve := func(c echo.Context) error {
		p := filepath.Clean("/" + c.Param("*"))
		if p != "/" && !strings.HasPrefix(p, "/api") {
			f := filepath.Join(s.WebDir, p)
			if st, err := os.Stat(f); err == nil && !st.IsDir() {
				if strings.HasPrefix(p, "/assets/") {
					c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				return sendFile(c, f)
			}
		}
		c.Response().Header().Set("Cache-Control", "no-cache")
		return sendFile(c, index)
	}
	e.GET("/*", serve)
	e.HEAD("/*", serve)
}

// encodings are the precompressed variants the build writes, best first.
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// sendFile sends file, or its precompressed variant the request accepts, with the original's
// type; http.ServeContent answers HEAD and If-Modified-Since (and ranges of uncompressed files).
func sendFile(c echo.Context, file string) error {
	h := c.Response().Header()
	h.Add("Vary", "Accept-Encoding")
	send := file
	for _, enc := range encodings {
		if !accepts(c.Request().Header.Get("Accept-Encoding"), enc.name) {
			continue
		}
		if _, err := os.Stat(file + enc.ext); err == nil {
			send = file + enc.ext
			h.Set("Content-Encoding", enc.name)
			break
		}
	}
	f, err := os.Open(send)
	if err != nil {
		return echo.ErrNotFound
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if t := mime.TypeByExtension(filepath.Ext(file)); t != "" {
		h.Set("Content-Type", t)
	}
	if send != file {
		// net/http leaves the length of an encoded body unset (HEAD included), and a range of
		// compressed bytes is of no use to anyone: the whole variant, with its length.
		c.Request().Header.Del("Range")
		h.Set("Content-Length", strconv.FormatInt(st.Size(), 10))
	}
	http.ServeContent(c.Response(), c.Request(), file, st.ModTime(), f)
	return nil
}

// accepts tells whether an Accept-Encoding header accepts coding (not refused with q=0).
func accepts(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		q, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
		if !ok {
			return true
		}
		w, err := strconv.ParseFloat(q, 64)
		return err == nil && w > 0
	}
	return false
}
