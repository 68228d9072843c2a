import { describe, expect, it } from 'vitest';
import { check, javascriptBytes, pages, staticClosure } from './bundle-budget.mjs';

// A build in miniature: the entry imports react and the shared chunk, which
// imports the entry back (a cycle); the signed-in routes and the form page
// are loaded lazily and bring their own chunks.
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    css: ['assets/index.css'],
    imports: ['_react.js', '_shared.js'],
    dynamicImports: ['src/app/signedInApp.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['index.html'] },
  'src/app/signedInApp.tsx': {
    file: 'assets/signedIn.js',
    isDynamicEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['src/features/answering/components/AnswerFormPage.tsx'],
  },
  'src/features/answering/components/AnswerFormPage.tsx': {
    file: 'assets/form.js',
    isDynamicEntry: true,
    imports: ['_charts.js'],
  },
  '_charts.js': { file: 'assets/charts.js' },
};

const sizes = {
  'assets/index.js': 50_000,
  'assets/index.css': 9_000,
  'assets/react.js': 60_000,
  'assets/shared.js': 30_000,
  'assets/signedIn.js': 40_000,
  'assets/form.js': 20_000,
  'assets/charts.js': 90_000,
};
const sentSize = (file) => sizes[file];

describe('bundle budget', () => {
  it('follows static imports through cycles and leaves lazy chunks out', () => {
    expect([...staticClosure(manifest, 'index.html')].sort()).toEqual([
      'assets/index.css',
      'assets/index.js',
      'assets/react.js',
      'assets/shared.js',
    ]);
  });

  it("counts the form page's lazy chunks on top of the entry's", () => {
    const { login, studentForm } = pages(manifest);
    expect(javascriptBytes(login, sentSize)).toBe(140_000);
    expect(javascriptBytes(studentForm, sentSize)).toBe(290_000);
  });

  it('passes within the budget and fails one byte over it', () => {
    expect(check(manifest, sentSize, { login: 140_000, studentForm: 290_000 }).every((r) => r.ok)).toBe(true);
    const over = check(manifest, sentSize, { login: 139_999, studentForm: 290_000 });
    expect(over.find((r) => r.page === 'login')).toMatchObject({ ok: false, bytes: 140_000 });
    expect(over.find((r) => r.page === 'studentForm')?.ok).toBe(true);
  });

  it('names a chunk the manifest does not have', () => {
    expect(() => staticClosure({}, 'index.html')).toThrow(/no chunk index.html/);
  });
});
