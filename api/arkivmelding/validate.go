package arkivmelding

import (
	"bytes"
	"embed"
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

// schemaFile writes the embedded schemas to a private directory once per
// process and returns the path of arkivmelding.xsd.
func schemaFile() (string, error) {
	schemaOnce.Do(func() {
		dir, err := os.MkdirTemp("", "praksis-arkivmelding-xsd-")
		if err != nil {
			schemaErr = fmt.Errorf("write arkivmelding schemas: %w", err)
			return
		}
		for _, name := range []string{"arkivmelding.xsd", "metadatakatalog.xsd"} {
			b, err := schemas.ReadFile("xsd/" + name)
			if err == nil {
				err = os.WriteFile(filepath.Join(dir, name), b, 0o600)
			}
			if err != nil {
				schemaErr = fmt.Errorf("write arkivmelding schema %s: %w", name, err)
				return
			}
		}
		schemaPath = filepath.Join(dir, "arkivmelding.xsd")
	})
	return schemaPath, schemaErr
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
