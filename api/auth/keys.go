// Package auth keeps people signed in: tokens bound to one school's host,
// sessions that can be revoked at once, and the middleware that tells every
// handler who is calling and in which role. The ways of signing in (one-time
// codes by e-mail, Feide and Vipps through OpenID Connect) are in package
// signin, which ends each in StartSession.
package auth

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"os"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/lestrrat-go/jwx/v3/jwk"
	"gorm.io/gorm"
)

// Keys are the token signing keys shared by every replica: the current key
// signs, every known key verifies (so a rotated key's tokens stay valid until
// they expire).
type Keys struct {
	currentID string
	current   ed25519.PrivateKey
	verify    jwk.Set
	// seen holds the claims of tokens verified before, by host and token
	// (see Verify). The keys never change while the process runs, so a
	// token verified once verifies again until it expires.
	seen *lru.Cache[string, Claims]
}

// seenTokens is how many verified tokens Keys remembers: more than the
// people signed in to one replica at once, about a megabyte per thousand.
const seenTokens = 20000

// LoadKeys reads the signing key from file when given, else from the control
// schema, creating one there on first start.
func LoadKeys(ctx context.Context, root *gorm.DB, file string) (*Keys, error) {
	if file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("read JWT_KEY_FILE: %w", err)
		}
		block, _ := pem.Decode(data)
		if block == nil {
			return nil, errors.New("JWT_KEY_FILE holds no PEM block")
		}
		k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("parse JWT_KEY_FILE: %w", err)
		}
		priv, ok := k.(ed25519.PrivateKey)
		if !ok {
			return nil, errors.New("JWT_KEY_FILE must hold an Ed25519 private key (openssl genpkey -algorithm ed25519)")
		}
		return newKeys(map[string]ed25519.PrivateKey{"file": priv}, "file")
	}
	type row struct {
		ID         string
		PrivateKey []byte
	}
	var rows []row
	load := func() error {
		return root.WithContext(ctx).Raw("SELECT id, private_key FROM control.signing_keys ORDER BY created_at DESC").Scan(&rows).Error
	}
	if err := load(); err != nil {
		return nil, fmt.Errorf("load signing keys: %w", err)
	}
	if len(rows) == 0 {
		_, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return nil, fmt.Errorf("generate signing key: %w", err)
		}
		der, err := x509.MarshalPKCS8PrivateKey(priv)
		if err != nil {
			return nil, err
		}
		idb := make([]byte, 8)
		_, _ = rand.Read(idb)
		// Replicas starting at once may each insert one; the newest wins
		// for signing and all verify.
		if err := root.WithContext(ctx).Exec("INSERT INTO control.signing_keys (id, private_key) VALUES (?, ?)", hex.EncodeToString(idb), der).Error; err != nil {
			return nil, fmt.Errorf("store signing key: %w", err)
		}
		if err := load(); err != nil {
			return nil, fmt.Errorf("load signing keys: %w", err)
		}
	}
	all := map[string]ed25519.PrivateKey{}
	for _, r := range rows {
		k, err := x509.ParsePKCS8PrivateKey(r.PrivateKey)
		if err != nil {
			return nil, fmt.Errorf("parse signing key %s: %w", r.ID, err)
		}
		priv, ok := k.(ed25519.PrivateKey)
		if !ok {
			return nil, fmt.Errorf("signing key %s is not Ed25519", r.ID)
		}
		all[r.ID] = priv
	}
	return newKeys(all, rows[0].ID)
}

// NewKeysForTest makes keys from one private key.
func NewKeysForTest(priv ed25519.PrivateKey) (*Keys, error) {
	return newKeys(map[string]ed25519.PrivateKey{"test": priv}, "test")
}

func newKeys(all map[string]ed25519.PrivateKey, currentID string) (*Keys, error) {
	set := jwk.NewSet()
	for id, priv := range all {
		pub, err := jwk.Import(priv.Public())
		if err != nil {
			return nil, fmt.Errorf("import public key %s: %w", id, err)
		}
		_ = pub.Set(jwk.KeyIDKey, id)
		_ = pub.Set(jwk.AlgorithmKey, "EdDSA")
		if err := set.AddKey(pub); err != nil {
			return nil, err
		}
	}
	seen, err := lru.New[string, Claims](seenTokens)
	if err != nil {
		return nil, fmt.Errorf("verified token cache: %w", err)
	}
	return &Keys{currentID: currentID, current: all[currentID], verify: set, seen: seen}, nil
}
