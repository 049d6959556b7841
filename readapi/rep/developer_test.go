package rep_test

import (
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	domainrep "portal/domain/rep"
	clockproj "portal/projections/clock"
	"portal/readapi/readapitest"
	"portal/readapi/rep"
)

const developerCN = "DESENVOLVEDORA REP-P LTDA:99888777000166"

// developerPKI issues the developer's certificate from its own CA, as the PKCS#12 the
// platform reads from REP_DEVELOPER_P12.
func developerPKI(t *testing.T, password string) (caFile, p12 string) {
	t.Helper()
	k := issuePKI(t, password, developerCN)
	p12 = filepath.Join(t.TempDir(), "dev.p12")
	if err := os.WriteFile(p12, k.pfx, 0o600); err != nil {
		t.Fatal(err)
	}
	return k.caFile, p12
}

// signerCN verifies the detached signature with openssl and answers its signer's subject.
func signerCN(t *testing.T, caFile string, content, sig []byte) string {
	t.Helper()
	dir := t.TempDir()
	cf, sf, signer := filepath.Join(dir, "c"), filepath.Join(dir, "c.p7s"), filepath.Join(dir, "signer.pem")
	os.WriteFile(cf, content, 0o600)
	os.WriteFile(sf, sig, 0o600)
	out, err := exec.Command("openssl", "cms", "-verify", "-binary", "-inform", "DER", "-in", sf, "-content", cf,
		"-CAfile", caFile, "-purpose", "any", "-signer", signer, "-out", os.DevNull).CombinedOutput()
	if err != nil {
		t.Fatalf("openssl cms -verify: %v: %s", err, out)
	}
	out, err = exec.Command("openssl", "x509", "-in", signer, "-noout", "-subject").CombinedOutput()
	if err != nil {
		t.Fatalf("openssl x509: %v: %s", err, out)
	}
	return string(out)
}

// TestDeveloperSignsAFD: with REP_DEVELOPER_P12 the AFD's .p7s is the developer's (openssl
// verifies it against the developer's CA, subject the developer's) and the AEJ stays the
// employer's; without it the employer's signs the AFD and X-Rep-Signer says employer.
func TestDeveloperSignsAFD(t *testing.T) {
	f := setup(t, "readapi_rep_developer")
	day := readapitest.ClockNow.Format("2006-01-02")
	q := map[string]string{"from": day, "to": day, "cnpj": f.cnpj}
	const password = "senha"
	k := newPKI(t, password)
	if res := upload(t, f.e, f.hr, k.pfx, password); res.Status != 200 {
		t.Fatalf("upload: %d %s", res.Status, res.Body)
	}
	f.punch(t, f.worker)
	f.e.Project(t, f.tenant.ID, clockproj.Clock{})
	name := domainrep.AFDName("", f.cnpj)

	// Not configured: the employer's, said so.
	res := f.e.Call(t, f.hr, http.MethodGet, "/api/rep/afd", q, "", nil)
	if res.Status != 200 || res.Header.Get("X-Rep-Signer") != rep.SignerEmployer {
		t.Fatalf("fallback afd: %d %q %s", res.Status, res.Header.Get("X-Rep-Signer"), res.Body)
	}
	files := unzip(t, res.Body)
	if s := signerCN(t, k.caFile, files[name], files[name+".p7s"]); !strings.Contains(s, "EMPRESA TESTE LTDA") {
		t.Errorf("fallback signer %s", s)
	}

	// Configured by env.
	devCA, p12 := developerPKI(t, "dev-senha")
	t.Setenv("REP_DEVELOPER_P12", p12)
	t.Setenv("REP_DEVELOPER_P12_PASSWORD", "wrong")
	if _, err := rep.DeveloperFromEnv(); err == nil || strings.Contains(err.Error(), "wrong") {
		t.Fatalf("a wrong password: %v", err)
	}
	t.Setenv("REP_DEVELOPER_P12_PASSWORD", "dev-senha")
	dev, err := rep.DeveloperFromEnv()
	if err != nil {
		t.Fatal(err)
	}
	f.e.Server.Rep.Developer = dev
	res = f.e.Call(t, f.hr, http.MethodGet, "/api/rep/afd", q, "", nil)
	if res.Status != 200 || res.Header.Get("X-Rep-Signer") != rep.SignerDeveloper {
		t.Fatalf("developer afd: %d %q %s", res.Status, res.Header.Get("X-Rep-Signer"), res.Body)
	}
	files = unzip(t, res.Body)
	if s := signerCN(t, devCA, files[name], files[name+".p7s"]); !strings.Contains(s, developerCN) {
		t.Errorf("afd signer %s, want the developer", s)
	}
	res = f.e.Call(t, f.hr, http.MethodGet, "/api/rep/aej", q, "", nil)
	if res.Status != 200 || res.Header.Get("X-Rep-Signer") != rep.SignerEmployer {
		t.Fatalf("aej: %d %q", res.Status, res.Header.Get("X-Rep-Signer"))
	}
	for n, b := range unzip(t, res.Body) {
		if strings.HasSuffix(n, ".txt") {
			if s := signerCN(t, k.caFile, b, unzip(t, res.Body)[n+".p7s"]); !strings.Contains(s, "EMPRESA TESTE LTDA") {
				t.Errorf("aej signer %s, want the employer", s)
			}
		}
	}
}
