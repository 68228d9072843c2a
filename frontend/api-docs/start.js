// Renders the API reference page (/api/docs): Redoc's standalone bundle,
// loaded just before this script, draws the OpenAPI document of this host.
// A separate file rather than an inline script, so the page's
// Content-Security-Policy keeps script-src 'self'.
(function start() {
  const root = document.getElementById('api-reference');
  if (!root) return;
  // Redoc's styles go into style elements it makes itself; the server hands
  // the page the nonce of its policy (api/httpapi/routes_docs.go), and Redoc
  // puts it on each of them.
  const nonce = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? undefined;
  window.Redoc.init(
    root.dataset.document,
    {
      nonce,
      // The statuses an integrator reads first are open from the start.
      expandResponses: '200,201',
      requiredPropsFirst: true,
      // Every call is made on a school's own host; the host of this page
      // is one, and the paths are what matter.
      hideHostname: true,
      theme: {
        // Praksis's own blue (DEFAULT_COLOURS in src/theme/buildTheme.ts).
        colors: { primary: { main: '#00509E' } },
        typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      },
    },
    root,
  );
})();
