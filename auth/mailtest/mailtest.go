// Package mailtest is a real SMTP server for tests (github.com/emersion/go-smtp) that keeps
// the messages it receives, so a test reads a mail the way a user would.
package mailtest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"regexp"
	"strings"
	"sync"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Message is one delivered mail, its body decoded.
type Message struct {
	User    string // the user who authenticated (AUTH PLAIN), empty when none did
	From    string
	To      []string
	Subject string
	Body    string
	Raw     []byte
}

// Server is an SMTP server on 127.0.0.1 with a random port.
type Server struct {
	Addr string // host:port, for SMTP_ADDR or auth.SMTPMailer

	srv *smtp.Server
	// Login, when set before the first mail, is the only user and password AUTH PLAIN accepts.
	Login   [2]string
	mu      sync.Mutex
	msgs    []Message
	arrived chan struct{}
}

// Start listens on 127.0.0.1:0 and serves until Close.
func Start() (*Server, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{Addr: l.Addr().String(), arrived: make(chan struct{})}
	s.srv = smtp.NewServer(backend{s})
	s.srv.Domain = "localhost"
	s.srv.AllowInsecureAuth = true
	go s.srv.Serve(l)
	return s, nil
}

// Close stops the server.
func (s *Server) Close() error { return s.srv.Close() }

// Messages returns the mails received so far.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

// WaitFor returns the first mail received to address (case-insensitive) after the first
// skip ones to it, waiting for it until ctx ends.
func (s *Server) WaitFor(ctx context.Context, address string, skip int) (Message, error) {
	for {
		n := 0
		for _, m := range s.Messages() {
			for _, to := range m.To {
				if strings.EqualFold(to, address) {
					if n == skip {
						return m, nil
					}
					n++
					break
				}
			}
		}
		s.mu.Lock()
		ch := s.arrived
		s.mu.Unlock()
		select {
		case <-ctx.Done():
			return Message{}, errors.New("mailtest: no mail to " + address + ": " + ctx.Err().Error())
		case <-ch:
		}
	}
}

// Count returns how many mails went to address.
func (s *Server) Count(address string) int {
	n := 0
	for _, m := range s.Messages() {
		for _, to := range m.To {
			if strings.EqualFold(to, address) {
				n++
				break
			}
		}
	}
	return n
}

var codeLine = regexp.MustCompile(`(?m)^\s*([A-Z0-9]{8})\s*$`)

// Code returns the first line of the body that holds only an 8-character code.
func (m Message) Code() string {
	if c := codeLine.FindStringSubmatch(m.Body); c != nil {
		return c[1]
	}
	return ""
}

func (s *Server) add(m Message) {
	s.mu.Lock()
	s.msgs = append(s.msgs, m)
	close(s.arrived)
	s.arrived = make(chan struct{})
	s.mu.Unlock()
}

type backend struct{ s *Server }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

type session struct {
	s    *Server
	user string
	from string
	to   []string
}

// AuthMechanisms implements smtp.AuthSession: PLAIN.
func (x *session) AuthMechanisms() []string { return []string{sasl.Plain} }

// Auth implements smtp.AuthSession: any user when Login is unset, else only Login.
func (x *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, password string) error {
		if x.s.Login[0] != "" && (user != x.s.Login[0] || password != x.s.Login[1]) {
			return errors.New("invalid credentials")
		}
		x.user = user
		return nil
	}), nil
}

func (x *session) Reset()        { x.from, x.to = "", nil }
func (x *session) Logout() error { return nil }
func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	if x.s.Login[0] != "" && x.user == "" {
		return errors.New("authentication required")
	}
	x.from = from
	return nil
}
func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m := Message{User: x.user, From: x.from, To: x.to, Raw: raw}
	if msg, err := mail.ReadMessage(bytes.NewReader(raw)); err == nil {
		m.Subject, _ = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
		var body io.Reader = msg.Body
		if strings.EqualFold(msg.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
			body = quotedprintable.NewReader(body)
		}
		b, _ := io.ReadAll(body)
		m.Body = strings.ReplaceAll(string(b), "\r\n", "\n")
	}
	x.s.add(m)
	return nil
}
