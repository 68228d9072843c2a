import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { isPublicMessage } from './src/i18n/publicMessages.ts';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * Writes `dist/.keep` back after every build.
 *
 * Vite empties `dist` before it builds, which deletes the tracked placeholder.
 * The Go server embeds `frontend/dist`, so the folder has to exist in a fresh
 * checkout (before any front-end build) and git only keeps folders with a file.
 */
function keepDistFolder(): Plugin {
  return {
    name: 'praksis-keep-dist-folder',
    apply: 'build',
    closeBundle() {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(`${outDir}/.keep`, '');
    },
  };
}

/** The API reference page in the build; the server serves it at /api/docs (api/httpapi/routes_docs.go). */
const API_DOCS_PAGE = '.api-docs.html';

/**
 * The API reference at /api/docs: Redoc's standalone bundle, copied from
 * node_modules at build time (it is never committed), the script that
 * starts it and the page naming both (api-docs/). The scripts are plain
 * assets, outside the app's module graph, so no page of the app loads
 * them; the page's name starts with a dot, so the server never sends it as
 * a file of its own but fills it in with the request's CSP nonce first.
 */
function apiDocs(): Plugin {
  const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
  return {
    name: 'praksis-api-docs',
    apply: 'build',
    generateBundle() {
      const redocFile = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
      // Its source map is not shipped, so the reference to it goes.
      const redocSource = readFileSync(redocFile, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
      const redoc = this.emitFile({ type: 'asset', name: 'redoc.standalone.js', source: redocSource });
      const start = this.emitFile({ type: 'asset', name: 'api-docs.js', source: readFileSync(here('./api-docs/start.js')) });
      const page = readFileSync(here('./api-docs/index.html'), 'utf8')
        .replace('%REDOC%', `/${this.getFileName(redoc)}`)
        .replace('%START%', `/${this.getFileName(start)}`);
      this.emitFile({ type: 'asset', fileName: API_DOCS_PAGE, source: page });
    },
  };
}

const PUBLIC_MESSAGES = 'virtual:messages/public/';

/**
 * `virtual:messages/public/<language>`: the messages of the pages before
 * sign-in, cut from the language's catalogue (src/i18n/publicMessages.ts),
 * so the login page does not download every screen's texts.
 */
function publicMessages(): Plugin {
  return {
    name: 'praksis-public-messages',
    resolveId(id) {
      return id.startsWith(PUBLIC_MESSAGES) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PUBLIC_MESSAGES}`)) return undefined;
      const language = id.slice(PUBLIC_MESSAGES.length + 1);
      if (!/^[a-z]{2}$/.test(language)) throw new Error(`no message catalogue for ${language}`);
      const file = fileURLToPath(new URL(`./src/i18n/${language}.json`, import.meta.url));
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const subset = Object.fromEntries(Object.entries(all).filter(([key]) => isPublicMessage(key)));
      return `export default ${JSON.stringify(subset)};`;
    },
  };
}

/** What the chunk naming reads of the module graph (rolldown's chunking context). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/**
 * The signed-in pages whose code comes in one file each, after the
 * signed-in app's: every module a page imports, statically, beyond those
 * already loaded, instead of thirty chunks of a few kB. A phone on a slow
 * link fetches six files at a time over HTTP/1.1, each a round trip, and
 * the browser's main thread spends time on every file the page announces.
 */
const SIGNED_IN_APP = '/src/app/signedInApp.tsx';
const ONE_FILE_PAGES: Record<string, string> = {
  'form-page': '/src/features/answering/components/AnswerFormPage.tsx',
  'class-page': '/src/features/teacher/components/TeacherClassPage.tsx',
};

/** The modules `roots` import statically, themselves included. */
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Names the chunk of a module the login page does not load: "signed-in"
 * for what the signed-in app needs before it draws, a page's name for what
 * only that page adds, and otherwise (null) the bundler's own choice. A
 * module the pages before sign-in load lazily (the code sign-in page)
 * stays out of both, so those pages never fetch the signed-in app.
 */
function nameSignedInChunks(ids: readonly string[], graph: ModuleGraph): Map<string, string> {
  const named = new Map<string, string>();
  const find = (suffix: string) => ids.find((id) => id.endsWith(suffix));
  const entry = find('/src/main.tsx');
  const signedIn = find(SIGNED_IN_APP);
  if (!entry || !signedIn) return named;
  const initial = staticClosure(graph, [entry]);
  const publicLazy = [...initial]
    .flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
    .filter((id) => id !== signedIn);
  const before = new Set([...initial, ...staticClosure(graph, publicLazy)]);
  const shell = staticClosure(graph, [signedIn]);
  // The lazily loaded modules keep chunks of their own, which the server
  // names per page (api/httpapi/preload.go finds them by their source).
  const roots = new Set([signedIn, ...Object.values(ONE_FILE_PAGES).map(find)]);
  for (const id of shell) if (!before.has(id) && !roots.has(id)) named.set(id, 'signed-in');
  for (const [name, source] of Object.entries(ONE_FILE_PAGES)) {
    const page = find(source);
    if (!page) continue;
    for (const id of staticClosure(graph, [page])) {
      if (!before.has(id) && !shell.has(id) && !named.has(id) && !roots.has(id)) named.set(id, name);
    }
  }
  return named;
}

/**
 * The code-splitting group of the signed-in chunks: rolldown asks `test`
 * of every module before it asks the first `name`, so the graph is read
 * once, with every module known.
 */
function signedInGroup() {
  const ids: string[] = [];
  let named: Map<string, string> | null = null;
  return {
    // Only the modules named: a shared dependency stays where it is needed
    // first (the pages before sign-in, or the signed-in app before a page).
    includeDependenciesRecursively: false,
    test: (id: string) => {
      ids.push(id);
      return true;
    },
    name: (id: string, graph: ModuleGraph) => {
      named ??= nameSignedInChunks(ids, graph);
      return named.get(id) ?? null;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    publicMessages(),
    apiDocs(),
    // Brotli and gzip copies of every text asset, written once at build time;
    // the server sends the best one the browser accepts (api/httpapi/spa.go).
    // index.html is left out: the server fills it in per school and
    // compresses it on the fly.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|json|svg|txt|webmanifest)$/,
      exclude: /\.vite[\\/]/,
      threshold: 512,
    }),
    // The service worker (src/pwa/sw.ts) with the list of built files to
    // precache. The manifest is the school's own, served by the server
    // (/manifest.webmanifest); the page registers the worker itself, from a
    // signed-in chunk, so the login page does not carry it.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,svg,woff2}'],
        // The API reference (apiDocs above) is no part of the app.
        globIgnores: ['**/index.html', 'sw.js', 'bench/**', 'assets/redoc.standalone-*.js', 'assets/api-docs-*.js'],
      },
    }),
    keepDistFolder(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // The bundle budget check (scripts/bundle-budget.mjs) follows the
    // manifest from the entry to every chunk the login page loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app; its own chunk stays cached
        // across releases. MUI is otherwise left to the bundler, so each page
        // pulls only the components it uses.
        // Everything else the login page loads before it renders is one
        // chunk: on a phone's link each request costs a round trip, and
        // HTTP/1.1 fetches only six at a time.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'first-load', tags: ['$initial'], priority: 1 },
            signedInGroup(),
          ],
        },
      },
    },
  },
  server: {
    // The Go server resolves the school from the Host header. Browse to
    // http://demo.localhost:5173/ and the proxied request keeps that host
    // (changeOrigin stays off), so the API answers for the demo school.
    // PRAKSIS_API_ORIGIN points the proxy elsewhere when HTTP_ADDR is not the default.
    proxy: {
      '/api': {
        target: process.env.PRAKSIS_API_ORIGIN ?? 'http://127.0.0.1:8080',
        changeOrigin: false,
      },
    },
  },
});
