// Starts the API reference page (/api/docs), where Redoc's standalone
// bundle draws the OpenAPI document of this host. A file of its own rather
// than an inline script, so the page's Content-Security-Policy keeps
// script-src 'self'. It runs before Redoc's bundle (see index.html) and
// starts Redoc once the bundle has loaded.
(function start() {
  // The server hands the page the nonce of its policy
  // (api/httpapi/routes_docs.go); style elements need it.
  const nonce = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? undefined;

  // Redoc passes its nonce option to the styles it makes while rendering,
  // but its bundle adds style elements of its own (its CSS files) as soon as
  // it loads, before any option is read. So every style element made on
  // this page gets the nonce from the start, and style-src can stay without
  // 'unsafe-inline'. This gives the nonce to no one new: only the site's own
  // scripts run here, and those can read it from the page anyway.
  if (nonce) {
    const createElement = document.createElement.bind(document);
    document.createElement = function createElementWithNonce(tagName, options) {
      const element = createElement(tagName, options);
      if (String(tagName).toLowerCase() === 'style') element.setAttribute('nonce', nonce);
      return element;
    };
  }

  document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById('api-reference');
    if (!root || !window.Redoc) return;
    // Redoc's side menu and panels reach the window's edges (through the
    // style object: an inline style attribute would need 'unsafe-inline').
    document.body.style.margin = '0';
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
  });
})();
