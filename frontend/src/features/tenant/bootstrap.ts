import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/i18n/language';
import type { Tenant } from './types';

declare global {
  interface Window {
    /** The school's public information, injected by the server into `index.html`. */
    __PRAKSIS_TENANT__?: unknown;
  }
}

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
export function readInjectedTenant(source: Window = window): Tenant | null {
  return normalizeTenant(source.__PRAKSIS_TENANT__);
}
