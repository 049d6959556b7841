package rep

import (
	"archive/zip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v4"
	"go.mozilla.org/pkcs7"

	"portal/domain"
	domainrep "portal/domain/rep"
	reprm "portal/projections/rep"
	"portal/readapi/httpx"
)

// writer lays out one kind of file (AFD or AEJ) of an establishment's period.
type writer func(ctx context.Context, tx pgx.Tx, e reprm.Establishment, p domainrep.Period, now time.Time, w io.Writer) (int, error)

// exportAFD answers GET /api/rep/afd?cnpj&from&to: a zip of the AFD and its detached
// signature (.p7s), made with the developer's certificate (art. 86 §1) when the platform has
// one, else with the employer's, which X-Rep-Signer: employer says.
func (s *API) exportAFD(c echo.Context) error {
	return s.export(c, reprm.WriteAFD, s.Developer, func(e reprm.Establishment, _ domainrep.Period) string {
		return domainrep.AFDName(e.INPI, e.CNPJ)
	})
}

// exportAEJ answers GET /api/rep/aej?cnpj&from&to: a zip of the AEJ and its .p7s, signed with
// the employer's certificate (art. 86 §1 lets the developer or the employer sign it).
func (s *API) exportAEJ(c echo.Context) error {
	return s.export(c, reprm.WriteAEJ, nil, func(e reprm.Establishment, p domainrep.Period) string {
		return domainrep.AEJName(e.CNPJ, p)
	})
}

// export checks the call (the establishment is the caller's tenant's, the period is valid,
// a certificate is there: dev's when given, else the tenant's), writes the file to a temporary file as it streams from the
// database, signs it, and answers a zip of the file and its signature. Nothing is written
// on a refusal; the temporary file is removed in every case. Memory stays flat: the file
// goes to disk, the signer reads it through a read-only mapping, and the zip streams it.
func (s *API) export(c echo.Context, write writer, dev *Developer, name func(reprm.Establishment, domainrep.Period) string) error {
	from, err := httpx.ParseDay(c.QueryParam("from"))
	if err != nil {
		return httpx.Error(http.StatusBadRequest, "from", domain.KeyInvalid)
	}
	to, err := httpx.ParseDay(c.QueryParam("to"))
	if err != nil {
		return httpx.Error(http.StatusBadRequest, "to", domain.KeyInvalid)
	}
	ctx := c.Request().Context()
	tmp, err := os.CreateTemp("", "rep-export-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	var e reprm.Establishment
	var p domainrep.Period
	var sg signer
	err = httpx.InTenant(c, s.Pool, func(tx pgx.Tx) error {
		var err error
		if e, err = reprm.LoadEstablishment(ctx, tx, c.QueryParam("cnpj")); errors.Is(err, reprm.ErrNoEstablishment) {
			return httpx.Error(http.StatusNotFound, "cnpj", domainrep.KeyUnknownEstablis)
		} else if err != nil {
			return err
		}
		now := s.Now().In(e.Zone)
		today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
		if p, err = domainrep.CheckPeriod(from, to, today); err != nil {
			return err
		}
		if dev != nil {
			sg = dev.s
		} else if sg, err = loadSigner(ctx, tx); err != nil {
			return err
		}
		_, err = write(ctx, tx, e, p, s.Now(), tmp)
		return err
	})
	if err != nil {
		return err
	}
	sig, err := signFile(tmp, sg)
	if err != nil {
		return err
	}
	file := name(e, p)
	base := file[:len(file)-len(".txt")]
	res := c.Response()
	who := SignerEmployer
	if dev != nil {
		who = SignerDeveloper
	}
	res.Header().Set("X-Rep-Signer", who)
	res.Header().Set(echo.HeaderContentType, "application/zip")
	res.Header().Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="%s.zip"`, base))
	res.WriteHeader(http.StatusOK)
	zw := zip.NewWriter(res)
	fw, err := zw.Create(file)
	if err != nil {
		return err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if _, err := io.Copy(fw, tmp); err != nil {
		return err
	}
	sw, err := zw.Create(file + ".p7s")
	if err != nil {
		return err
	}
	if _, err := sw.Write(sig); err != nil {
		return err
	}
	return zw.Close()
}

// signFile makes the detached CMS (PKCS#7) signature, SHA-256 with RSA and the signing
// certificate and chain included, of the file's content. pkcs7 takes the content as a
// byte slice: a read-only mapping of the file gives it without holding it in the heap.
func signFile(f *os.File, sg signer) ([]byte, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	content := []byte{}
	if info.Size() > 0 {
		content, err = syscall.Mmap(int(f.Fd()), 0, int(info.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
		if err != nil {
			return nil, err
		}
		defer syscall.Munmap(content)
	}
	sd, err := pkcs7.NewSignedData(content)
	if err != nil {
		return nil, err
	}
	sd.SetDigestAlgorithm(pkcs7.OIDDigestAlgorithmSHA256)
	if err := sd.AddSignerChain(sg.cert, sg.key, sg.chain, pkcs7.SignerInfoConfig{}); err != nil {
		return nil, err
	}
	sd.Detach()
	return sd.Finish()
}
