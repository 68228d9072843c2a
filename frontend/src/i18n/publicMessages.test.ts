import { describe, expect, it } from 'vitest';
import nb from './nb.json';
import { isPublicMessage } from './publicMessages';

// The app's sources as text, keyed like '/src/app/PublicApp.tsx'.
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Joins a relative path onto a folder, resolving `.` and `..`. */
function joinPath(folder: string, relative: string): string {
  const parts = folder.split('/');
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The source file an import names, or null for a package. */
function sourceFile(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = `/src/${specifier.slice(2)}`;
  else if (specifier.startsWith('.')) base = joinPath(from.slice(0, from.lastIndexOf('/')), specifier);
  else return null;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((c) => c in sources) ?? null;
}

/** Every source file the given ones import, statically or lazily, themselves included. */
function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = entries.map((e) => `/src/${e}`);
  while (queue.length > 0) {
    const file = queue.pop();
    if (file === undefined) break;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = sources[file] ?? '';
    for (const match of text.matchAll(/(?:from\s+|import\()\s*'([^']+)'/g)) {
      const next = sourceFile(file, match[1] ?? '');
      if (next) queue.push(next);
    }
  }
  return seen;
}

/** The message ids a file names literally. */
function namedIds(text: string): string[] {
  const known = new Set(Object.keys(nb));
  return [...text.matchAll(/['"]([a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+)['"]/g)]
    .map((m) => m[1] ?? '')
    .filter((id) => known.has(id));
}

describe('messages of the pages before sign-in', () => {
  it('ship every message those pages name', () => {
    const files = reachable(['app/PublicApp.tsx', 'app/PublicRouter.tsx']);
    // The walk reaches the sign-in pages, but not the signed-in screens.
    expect([...files].some((f) => f.endsWith('OtpVerifyPage.tsx'))).toBe(true);
    expect([...files].some((f) => f.endsWith('signedInRoutes.tsx'))).toBe(false);
    const missing: string[] = [];
    for (const file of files) {
      for (const id of namedIds(sources[file] ?? '')) {
        if (!isPublicMessage(id)) missing.push(`${file}: ${id}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('are a small part of the catalogue', () => {
    const ids = Object.keys(nb);
    const shipped = ids.filter(isPublicMessage);
    expect(shipped.length).toBeGreaterThan(50);
    expect(shipped.length).toBeLessThan(ids.length / 5);
  });
});
