import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Port of the Praksis server under test. */
export const PORT = process.env.PRAKSIS_PORT ?? '8080';

/** The front page of a school host, e.g. `schoolUrl('demo')` → `http://demo.localhost:8080/`. */
export const schoolUrl = (host: string, path = '/') => `http://${host}.localhost:${PORT}${path}`;

type Catalogue = Record<string, string>;
const readCatalogue = (language: string): Catalogue =>
  JSON.parse(readFileSync(new URL(`../src/i18n/${language}.json`, import.meta.url), 'utf8')) as Catalogue;

/** The app's own message catalogues, so the journeys follow text changes. */
export const messages = { nb: readCatalogue('nb'), en: readCatalogue('en') };

/** A message with `{name}` placeholders filled in. */
export function message(language: 'nb' | 'en', id: string, values: Record<string, string> = {}): string {
  const text = messages[language][id];
  if (text === undefined) throw new Error(`No message ${id} in ${language}`);
  return text.replace(/\{(\w+)\}/g, (_all, name: string) => values[name] ?? `{${name}}`);
}

/** Runs axe with the WCAG 2.1 A and AA rules and expects no violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/** CSS `rgb(r, g, b)` for a `#rrggbb` colour, as `getComputedStyle` reports it. */
export function hexToRgb(hex: string): string {
  const value = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
