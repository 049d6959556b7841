// Package pdflogo fetches the logo a tenant sets for the PDFs the portal renders (settings
// id_130, Logo2Pdft01: an image address). The address is the tenant's, so the fetch is held
// to what a logo needs: http(s) only, public addresses only (never the host's own network:
// no server-side request forgery through a setting), a few seconds, a few hundred kB, a PNG
// or JPEG by its bytes. Logos are kept a while, and so are failures, so a PDF never waits
// on a slow or broken address twice in a row.
package pdflogo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"syscall"
	"time"
)

// MaxSize is the largest logo accepted.
const MaxSize = 512 << 10

// Logo is an image ready for fpdf: its bytes and fpdf's name of its type.
type Logo struct {
	Bytes []byte
	Type  string // "PNG" or "JPG"
}

// Fetcher fetches and keeps logos by address. The zero value is not usable: use New.
type Fetcher struct {
	client *http.Client
	ttl    time.Duration
	now    func() time.Time

	mu    sync.Mutex
	cache map[string]entry
}

type entry struct {
	logo  *Logo // nil: the address failed
	until time.Time
}

// New returns a Fetcher that keeps what it fetched for ttl. allowPrivate lets it reach
// loopback and private addresses (tests serve their logo on 127.0.0.1).
func New(ttl time.Duration, allowPrivate bool) *Fetcher {
	dialer := &net.Dialer{Timeout: 3 * time.Second}
	if !allowPrivate {
		dialer.Control = publicOnly
	}
	client := &http.Client{
		Timeout:   5 * time.Second,
		Transport: &http.Transport{DialContext: dialer.DialContext, Proxy: nil, ResponseHeaderTimeout: 4 * time.Second},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 3 {
				return errors.New("pdflogo: too many redirects")
			}
			return checkURL(req.URL)
		},
	}
	return &Fetcher{client: client, ttl: ttl, now: time.Now, cache: map[string]entry{}}
}

// Get returns the logo at address, or nil when there is none: no address, or one that
// fails (the PDF is then rendered without a logo; err says why, for the log).
func (f *Fetcher) Get(ctx context.Context, address string) (*Logo, error) {
	if address == "" {
		return nil, nil
	}
	f.mu.Lock()
	e, ok := f.cache[address]
	f.mu.Unlock()
	if ok && f.now().Before(e.until) {
		return e.logo, nil
	}
	logo, err := f.fetch(ctx, address)
	f.mu.Lock()
	f.cache[address] = entry{logo: logo, until: f.now().Add(f.ttl)}
	f.mu.Unlock()
	return logo, err
}

func (f *Fetcher) fetch(ctx context.Context, address string) (*Logo, error) {
	u, err := url.Parse(address)
	if err != nil {
		return nil, fmt.Errorf("pdflogo: %w", err)
	}
	if err := checkURL(u); err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("pdflogo: %w", err)
	}
	res, err := f.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("pdflogo: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("pdflogo: %s answered %d", u.Host, res.StatusCode)
	}
	b, err := io.ReadAll(io.LimitReader(res.Body, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("pdflogo: %w", err)
	}
	if len(b) > MaxSize {
		return nil, fmt.Errorf("pdflogo: the logo is over %d bytes", MaxSize)
	}
	switch http.DetectContentType(b) {
	case "image/png":
		return &Logo{Bytes: b, Type: "PNG"}, nil
	case "image/jpeg":
		return &Logo{Bytes: b, Type: "JPG"}, nil
	}
	return nil, errors.New("pdflogo: not a PNG or JPEG image")
}

func checkURL(u *url.URL) error {
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return fmt.Errorf("pdflogo: %q is not an http(s) address", u.Redacted())
	}
	return nil
}

// publicOnly refuses to connect to the host's own networks: loopback, private, link-local
// (cloud metadata) and unspecified addresses. It runs on the resolved address, so a name
// that resolves to one of them is refused too.
func publicOnly(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	ip := net.ParseIP(host)
	if ip == nil || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsUnspecified() || ip.IsMulticast() {
		return fmt.Errorf("pdflogo: %s is not a public address", host)
	}
	return nil
}
