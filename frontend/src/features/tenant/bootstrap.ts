import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/i18n/language';
import type { Tenant } from './types';

/** The id of the JSON data block in which the server puts the school into `index.html`. */
export const TENANT_DATA_ID = 'praksis-tenant';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Turns the server's description of a school into a {@link Tenant}, or null
 * when the essentials (name, organisation number, colours) are missing.
 *
 * Tolerant where the server may legitimately differ: languages the front end
 * has no messages for are dropped, optional fields may be absent (`logoUrl`
 * is omitted when unset), and missing texts become empty strings.
 */
export function normalizeTenant(value: unknown): Tenant | null {
  if (!isRecord(value) || !isRecord(value.theme)) return null;
  const { theme } = value;
  if (
    typeof value.appName !== 'string' ||
    typeof value.orgNumber !== 'string' ||
    typeof theme.primaryColor !== 'string' ||
    typeof theme.secondaryColor !== 'string'
  ) {
    return null;
  }
  const defaultLanguage: Language = isLanguage(value.defaultLanguage) ? value.defaultLanguage : DEFAULT_LANGUAGE;
  const offered = Array.isArray(value.languages) ? value.languages.filter(isLanguage) : [];
  return {
    slug: text(value.slug),
    appName: value.appName,
    orgNumber: value.orgNumber,
    defaultLanguage,
    languages: offered.length > 0 ? offered : [defaultLanguage],
    language: isLanguage(value.language) ? value.language : defaultLanguage,
    theme: {
      primaryColor: theme.primaryColor,
      secondaryColor: theme.secondaryColor,
      logoUrl: typeof theme.logoUrl === 'string' && theme.logoUrl !== '' ? theme.logoUrl : null,
      faviconUrl: typeof theme.faviconUrl === 'string' && theme.faviconUrl !== '' ? theme.faviconUrl : null,
    },
    privacyPolicy: text(value.privacyPolicy),
    aboutUrl: text(value.aboutUrl),
    contactEmail: text(value.contactEmail),
    accessibilityStatement: text(value.accessibilityStatement),
  };
}

/**
 * Reads the school the server injected into the page, synchronously, so the
 * first render already has the school's colours and name. Returns null when
 * nothing usable was injected (Vite dev server, unknown or disabled host);
 * the app then waits for `GET /api/tenant`.
 */
export function readInjectedTenant(source: Document = document): Tenant | null {
  // A data block, not a script that runs: the Content-Security-Policy
  // allows no inline script.
  const text = source.getElementById(TENANT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return normalizeTenant(JSON.parse(text));
  } catch {
    return null;
  }
}
