package main

import (
	"encoding/json"
	"io"
	"log/slog"

	"github.com/spf13/cobra"

	"github.com/praksis/praksis/api/config"
	"github.com/praksis/praksis/api/httpapi"
)

// openapiCmd prints the API's OpenAPI document as the server serves it at
// /api/openapi.json, for the web app's generated types and for
// integrators. It needs no database: the document is made from the route
// table's Go types.
func openapiCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "openapi",
		Short: "Print the OpenAPI 3.1 document of the API (as served at /api/openapi.json)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			srv := httpapi.New(&config.Config{}, nil, slog.New(slog.NewTextHandler(io.Discard, nil)), httpapi.Options{})
			enc := json.NewEncoder(cmd.OutOrStdout())
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			return enc.Encode(srv.Router().OpenAPI())
		},
	}
}
