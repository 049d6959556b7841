package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters: the OWASP password-storage minimum (19 MiB, 2 passes, 1 lane), which
// costs about 20-40 ms per check on a server core.
const (
	argonMemory  = 19 * 1024 // KiB
	argonTime    = 2
	argonThreads = 1
	argonSaltLen = 16
	argonKeyLen  = 32
)

// ErrBadHash says a stored password hash is not a PHC argon2id string this package reads.
var ErrBadHash = errors.New("auth: malformed password hash")

var b64 = base64.RawStdEncoding // the PHC string format uses unpadded standard base64

// HashPassword returns password's argon2id hash in PHC string format,
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>, with a fresh random salt.
func HashPassword(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, argonMemory, argonTime, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPassword tells whether password matches the PHC hash. It reads the parameters from
// the hash, so hashes made with older parameters keep working, and compares in constant time.
func CheckPassword(hash, password string) (bool, error) {
	p, salt, key, err := parsePHC(hash)
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(password), salt, p.time, p.memory, p.threads, uint32(len(key)))
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

type argonParams struct {
	memory  uint32
	time    uint32
	threads uint8
}

func parsePHC(hash string) (argonParams, []byte, []byte, error) {
	var p argonParams
	parts := strings.Split(hash, "$")
	// "", "argon2id", "v=19", "m=..,t=..,p=..", salt, key
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, nil, nil, ErrBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, nil, nil, ErrBadHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memory, &p.time, &p.threads); err != nil {
		return p, nil, nil, ErrBadHash
	}
	// Refuse parameters that are absurd or would let a stored row exhaust memory.
	if p.memory < 8*1024 || p.memory > 1024*1024 || p.time < 1 || p.time > 16 || p.threads < 1 {
		return p, nil, nil, ErrBadHash
	}
	salt, err := b64.DecodeString(parts[4])
	if err != nil || len(salt) < 8 {
		return p, nil, nil, ErrBadHash
	}
	key, err := b64.DecodeString(parts[5])
	if err != nil || len(key) < 16 || len(key) > 64 {
		return p, nil, nil, ErrBadHash
	}
	return p, salt, key, nil
}
