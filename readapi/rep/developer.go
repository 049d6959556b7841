package rep

import (
	"fmt"
	"os"
)

// Developer is the REP-P developer's certificate (the software maker's e-CNPJ), which signs
// every tenant's AFD (Portaria MTP 671/2021 art. 86 §1; docs/rep-p.md). One for the whole
// platform, read once at start; no call returns it and nothing logs it.
type Developer struct {
	s signer
}

// Signer names who signs an export, in the X-Rep-Signer header.
const (
	SignerDeveloper = "developer"
	SignerEmployer  = "employer"
)

// DeveloperFromEnv reads REP_DEVELOPER_P12 (the PKCS#12 file's path) and
// REP_DEVELOPER_P12_PASSWORD (docs/operations.md). Unset path: nil, and the AFD falls back
// to the employer's certificate, saying so. A set but unreadable one stops the start: a
// misconfigured signer must not silently become the employer's.
func DeveloperFromEnv() (*Developer, error) {
	path := os.Getenv("REP_DEVELOPER_P12")
	if path == "" {
		return nil, nil
	}
	pfx, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("REP_DEVELOPER_P12: %w", err)
	}
	return OpenDeveloper(pfx, os.Getenv("REP_DEVELOPER_P12_PASSWORD"))
}

// OpenDeveloper opens the developer's PKCS#12 with its password. The error never holds the
// password.
func OpenDeveloper(pfx []byte, password string) (*Developer, error) {
	s, err := openPFX(pfx, password)
	if err != nil {
		return nil, fmt.Errorf("REP_DEVELOPER_P12: not a PKCS#12 that opens with REP_DEVELOPER_P12_PASSWORD")
	}
	return &Developer{s: s}, nil
}

// Subject is the certificate's subject, for the start-up line (not secret).
func (d *Developer) Subject() string { return d.s.cert.Subject.String() }
