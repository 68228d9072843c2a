#!/usr/bin/env node
// The JavaScript budget of the pages a phone opens first, checked on the
// built app: the login page (everything the entry loads before it renders)
// and the student's form page (that, plus the form page's own chunks).
// Sizes are counted as sent: the brotli copy the server prefers, or the
// plain file when it is too small to have one.
//
// Usage: node scripts/bundle-budget.mjs [DIST]   (default: dist)
// Exits 1 when a page is over its budget, 2 when the build is missing.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Budgets in bytes as sent (kB = 1000 bytes): 150 kB for the login page,
 * 300 kB for the student's form page with what it loads lazily.
 */
export const BUDGETS = {
  login: 150_000,
  studentForm: 300_000,
};


/** The manifest keys of the chunks a signed-in page loads after the entry. */
export const SIGNED_IN_SRC = 'src/app/signedInApp.tsx';
/** The whole catalogue of the default language, which the signed-in app loads before its first render. */
export const CATALOGUE_SRC = 'src/i18n/nb.json';
/** The student's form page, a lazily loaded route. */
export const FORM_PAGE_SRC = 'src/features/answering/components/AnswerFormPage.tsx';

/**
 * The files a manifest chunk loads before it runs: its own file, its CSS
 * and, recursively, its static imports. Dynamic imports are left out: they
 * load later, when a route needs them.
 *
 * @param {Record<string, {file: string, css?: string[], imports?: string[]}>} manifest
 * @param {string} key
 * @param {Set<string>} [into]
 * @returns {Set<string>} the files, relative to dist
 */
export function staticClosure(manifest, key, into = new Set(), seen = new Set()) {
  // `seen` is per walk: chunks import each other in cycles.
  if (seen.has(key)) return into;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imp of chunk.imports ?? []) staticClosure(manifest, imp, into, seen);
  return into;
}

/** The manifest key of the app's entry (index.html). */
export function entryKey(manifest) {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error('manifest has no entry');
  return key;
}

/**
 * The pages to check: name → files they load.
 *
 * @returns {Record<string, Set<string>>}
 */
export function pages(manifest) {
  const entry = entryKey(manifest);
  const login = staticClosure(manifest, entry);
  const signedIn = staticClosure(manifest, SIGNED_IN_SRC, new Set(login));
  if (manifest[CATALOGUE_SRC]) staticClosure(manifest, CATALOGUE_SRC, signedIn);
  const studentForm = staticClosure(manifest, FORM_PAGE_SRC, signedIn);
  return { login, studentForm };
}

/**
 * Bytes as sent of a set of files, counting JavaScript only.
 *
 * @param {Iterable<string>} files
 * @param {(file: string) => number} sentSize
 */
export function javascriptBytes(files, sentSize) {
  let total = 0;
  for (const f of files) if (f.endsWith('.js')) total += sentSize(f);
  return total;
}

/**
 * Checks every page against its budget.
 *
 * @returns {{page: string, bytes: number, budget: number, ok: boolean}[]}
 */
export function check(manifest, sentSize, budgets = BUDGETS) {
  return Object.entries(pages(manifest)).map(([page, files]) => {
    const bytes = javascriptBytes(files, sentSize);
    const budget = budgets[page];
    return { page, bytes, budget, ok: bytes <= budget };
  });
}

/** The size a browser that accepts brotli receives for a file in dist. */
function sentSizeIn(dist) {
  return (file) => {
    const br = join(dist, `${file}.br`);
    return statSync(existsSync(br) ? br : join(dist, file)).size;
  };
}

function main() {
  const dist = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`bundle budget: ${manifestPath} is missing; run npm run build first`);
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const results = check(manifest, sentSizeIn(dist));
  let failed = false;
  for (const r of results) {
    const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
    console.log(
      `${r.page}: JavaScript as sent ${kb(r.bytes)} (budget ${kb(r.budget)}) ${r.ok ? 'ok' : 'OVER BUDGET'}`,
    );
    failed ||= !r.ok;
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
