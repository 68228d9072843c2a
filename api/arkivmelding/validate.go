package arkivmelding

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// schemas are the official arkivmelding.xsd and the metadatakatalog.xsd it
// imports, unchanged (see xsd/README.md).
//
//go:embed xsd/*.xsd
var schemas embed.FS

var (
	schemaOnce sync.Once
	schemaPath string
	schemaErr  error
)

// schemaFile returns the path of arkivmelding.xsd written out for xmllint.
// xmllint needs the schema and its import as files. The copy lives
// in the user's cache directory, named after the schemas' content. Every
// process (each test binary, each development server) reuses that one copy,
// and none is left behind in the temporary directory. When no cache directory
// can be written, a private temporary directory is used instead.
func schemaFile() (string, error) {
	schemaOnce.Do(func() {
		dir, err := "", errors.New("no cache directory")
		if cache, cerr := os.UserCacheDir(); cerr == nil {
			dir, err = writeSchemas(filepath.Join(cache, "praksis"))
		}
		if err != nil {
			// A home that cannot be written (a service account, a read-only
			// file system) still gets a working validator.
			tmp, terr := os.MkdirTemp("", "praksis-arkivmelding-xsd-")
			if terr != nil {
				schemaErr = fmt.Errorf("make a directory for the arkivmelding schemas: %w (cache: %v)", terr, err)
				return
			}
			if dir, err = writeSchemas(tmp); err != nil {
				schemaErr = err
				return
			}
		}
		schemaPath = filepath.Join(dir, "arkivmelding.xsd")
	})
	return schemaPath, schemaErr
}

// schemaNames are the files under xsd/ that xmllint reads.
var schemaNames = []string{"arkivmelding.xsd", "metadatakatalog.xsd"}

// writeSchemas makes sure root holds the embedded schemas in a directory
// named after their content, and returns that directory. A directory
// that is already there is used as it is, since its name says what it holds.
// A new one is first written beside it and then renamed into place.
// So a process that reads it never sees half a schema, and two processes
// that write at once both end up with one complete copy.
func writeSchemas(root string) (string, error) {
	sum := sha256.New()
	files := make([][]byte, len(schemaNames))
	for i, name := range schemaNames {
		b, err := schemas.ReadFile("xsd/" + name)
		if err != nil {
			return "", fmt.Errorf("read embedded schema %s: %w", name, err)
		}
		files[i] = b
		sum.Write([]byte(name))
		sum.Write(b)
	}
	dir := filepath.Join(root, "arkivmelding-xsd-"+hex.EncodeToString(sum.Sum(nil))[:16])
	if _, err := os.Stat(filepath.Join(dir, schemaNames[len(schemaNames)-1])); err == nil {
		return dir, nil
	}
	if err := os.MkdirAll(root, 0o700); err != nil {
		return "", fmt.Errorf("make schema cache %s: %w", root, err)
	}
	tmp, err := os.MkdirTemp(root, ".arkivmelding-xsd-")
	if err != nil {
		return "", fmt.Errorf("write arkivmelding schemas: %w", err)
	}
	defer os.RemoveAll(tmp) // nothing left to remove after the rename; this copy when another process placed its own first
	for i, name := range schemaNames {
		if err := os.WriteFile(filepath.Join(tmp, name), files[i], 0o600); err != nil {
			return "", fmt.Errorf("write arkivmelding schema %s: %w", name, err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, schemaNames[len(schemaNames)-1])); statErr == nil {
			return dir, nil
		}
		return "", fmt.Errorf("place arkivmelding schemas in %s: %w", dir, err)
	}
	return dir, nil
}

// ErrNoValidator says that xmllint (Debian package libxml2-utils) is not
// installed.
var ErrNoValidator = errors.New("xmllint is not installed (Debian package libxml2-utils)")

// Validate checks doc against the official arkivmelding.xsd with libxml2's
// xmllint and returns its complaints when doc is not valid. Praksis sends
// nothing it has not built with Build; Validate is for the tests and the
// development integrasjonspunkt, which check every message as a receiving
// archive would.
func Validate(doc []byte) error {
	xsd, err := schemaFile()
	if err != nil {
		return err
	}
	bin, err := exec.LookPath("xmllint")
	if err != nil {
		return ErrNoValidator
	}
	cmd := exec.Command(bin, "--noout", "--nonet", "--schema", xsd, "-")
	cmd.Stdin = bytes.NewReader(doc)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return fmt.Errorf("arkivmelding.xml is not valid against arkivmelding.xsd: %s", strings.TrimSpace(out.String()))
		}
		return fmt.Errorf("run xmllint: %w", err)
	}
	return nil
}
