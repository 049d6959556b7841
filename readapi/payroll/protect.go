// Package payroll is the HTTP side of payroll documents. protect.go makes the protected
// download: the PDF encrypted with the employee's password (payroll.Password).
package payroll

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

func init() {
	// pdfcpu would otherwise read and write a configuration folder in the user's home.
	model.ConfigPath = "disable"
}

// Protect encrypts pdf (AES-256) so that it opens only with userPassword. The owner password
// is random and thrown away: nobody needs to change the document's permissions later.
func Protect(pdf []byte, userPassword string) ([]byte, error) {
	owner := make([]byte, 16)
	if _, err := rand.Read(owner); err != nil {
		return nil, err
	}
	conf := model.NewAESConfiguration(userPassword, hex.EncodeToString(owner), 256)
	var out bytes.Buffer
	if err := api.Encrypt(bytes.NewReader(pdf), &out, conf); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
