package rep

import (
	"context"
	"crypto"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"
	"software.sslmate.com/src/go-pkcs12"

	"portal/domain"
	domainrep "portal/domain/rep"
	"portal/eventstore"
	"portal/readapi/httpx"
)

// maxPFX bounds an uploaded PKCS#12 file (an A1 certificate is a few kilobytes).
const maxPFX = 64 << 10

type certificateJSON struct {
	Present     bool       `json:"present"`
	Subject     string     `json:"subject,omitempty"`
	NotAfter    *time.Time `json:"notAfter,omitempty"`
	Fingerprint string     `json:"fingerprint,omitempty"`
	UploadedAt  *time.Time `json:"uploadedAt,omitempty"`
}

// certificate answers GET /api/rep/certificate: which certificate signs the exports (never
// its password).
func (s *API) certificate(c echo.Context) error {
	return httpx.Read(c, s.Pool, func(ctx context.Context, tx pgx.Tx) (certificateJSON, error) {
		var out certificateJSON
		var notAfter, uploaded time.Time
		err := tx.QueryRow(ctx, `SELECT subject, not_after, fingerprint, uploaded_at FROM rep_certificates WHERE tenant_id = app_tenant()`).
			Scan(&out.Subject, &notAfter, &out.Fingerprint, &uploaded)
		if errors.Is(err, pgx.ErrNoRows) {
			return out, nil
		}
		out.Present, out.NotAfter, out.UploadedAt = true, &notAfter, &uploaded
		return out, err
	})
}

// signer is the tenant's signing key and certificate chain.
type signer struct {
	key   crypto.PrivateKey
	cert  *x509.Certificate
	chain []*x509.Certificate
}

// openPFX opens a PKCS#12 with its password; a wrong password and a broken file are the
// caller's errors (422 on password or file).
func openPFX(pfx []byte, password string) (signer, error) {
	key, cert, chain, err := pkcs12.DecodeChain(pfx, password)
	if errors.Is(err, pkcs12.ErrIncorrectPassword) {
		return signer{}, httpx.Error(http.StatusUnprocessableEntity, "password", domainrep.KeyBadPassword)
	}
	if err != nil || cert == nil || key == nil {
		return signer{}, httpx.Error(http.StatusUnprocessableEntity, "file", domainrep.KeyBadCertificate)
	}
	return signer{key: key, cert: cert, chain: chain}, nil
}

// loadSigner reads the tenant's certificate; none is a 422 on certificate.
func loadSigner(ctx context.Context, tx pgx.Tx) (signer, error) {
	var pfx []byte
	var password string
	err := tx.QueryRow(ctx, `SELECT pfx, password FROM rep_certificates WHERE tenant_id = app_tenant()`).Scan(&pfx, &password)
	if errors.Is(err, pgx.ErrNoRows) {
		return signer{}, httpx.Error(http.StatusUnprocessableEntity, "certificate", domainrep.KeyNoCertificate)
	}
	if err != nil {
		return signer{}, err
	}
	return openPFX(pfx, password)
}

type certificateEventJSON struct {
	Subject     string    `json:"subject"`
	NotAfter    time.Time `json:"notAfter"`
	Fingerprint string    `json:"fingerprint"`
	Password    string    `json:"password"` // always "[redacted]"
}

// uploadCertificate answers POST /api/rep/certificate (multipart: file, password): it opens
// the PKCS#12 with the password and, only when both are good, stores them and records
// rep.certificate_uploaded.v1 with the password redacted. Bad input writes nothing.
func (s *API) uploadCertificate(c echo.Context) error {
	password := c.FormValue("password")
	if password == "" {
		return httpx.Error(http.StatusBadRequest, "password", domain.KeyRequired)
	}
	fh, err := c.FormFile("file")
	if err != nil {
		return httpx.Error(http.StatusBadRequest, "file", domain.KeyRequired)
	}
	f, err := fh.Open()
	if err != nil {
		return httpx.Error(http.StatusBadRequest, "file", domain.KeyInvalid)
	}
	defer f.Close()
	pfx, err := io.ReadAll(io.LimitReader(f, maxPFX+1))
	if err != nil || len(pfx) > maxPFX {
		return httpx.Error(http.StatusUnprocessableEntity, "file", domainrep.KeyBadCertificate)
	}
	sg, err := openPFX(pfx, password)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(sg.cert.Raw)
	ev := certificateEventJSON{Subject: sg.cert.Subject.String(), NotAfter: sg.cert.NotAfter.UTC(),
		Fingerprint: hex.EncodeToString(sum[:]), Password: domainrep.Redacted}
	data, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	claims := httpx.Claims(c)
	id, err := httpx.CommandID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO rep_certificates (tenant_id, pfx, password, subject, not_after, fingerprint)
            VALUES (app_tenant(), $1, $2, $3, $4, $5)
            ON CONFLICT (tenant_id) DO UPDATE SET pfx = EXCLUDED.pfx, password = EXCLUDED.password, subject = EXCLUDED.subject,
                not_after = EXCLUDED.not_after, fingerprint = EXCLUDED.fingerprint, uploaded_at = now()`,
			pfx, password, ev.Subject, ev.NotAfter, ev.Fingerprint); err != nil {
			return err
		}
		// The event goes in before the table change commits: a failed append rolls the
		// change back, so no certificate changes without its audit event.
		_, err := s.Store.Append(ctx, eventstore.Meta{Tenant: claims.Tenant, Actor: claims.UserID.String(), CommandID: id},
			eventstore.StreamName("rep", claims.Tenant), eventstore.Any,
			eventstore.EventData{ID: eventstore.NewID(), Type: domainrep.TypeCertificateUploaded, SchemaVersion: 1, Data: data})
		return err
	})
	if err != nil {
		return err
	}
	na, now := ev.NotAfter, s.Now()
	return c.JSON(http.StatusOK, certificateJSON{Present: true, Subject: ev.Subject, NotAfter: &na, Fingerprint: ev.Fingerprint, UploadedAt: &now})
}
