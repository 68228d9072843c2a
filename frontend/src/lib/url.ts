/**
 * Returns the URL when it is an absolute http(s) URL, else null.
 * School texts are edited in the browser; this keeps `javascript:` and other
 * schemes out of the links built from them.
 */
export function safeExternalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

// Deliberately loose: it only has to reject what is plainly not an address.
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** Returns a `mailto:` link for a plausible e-mail address, else null. */
export function mailtoHref(email: string | null | undefined): string | null {
  const address = email?.trim();
  return address && EMAIL.test(address) ? `mailto:${address}` : null;
}

/**
 * Appends query parameters to a same-origin path, skipping empty values.
 * `withQuery('/api/auth/feide/start', { verificationGuid: 'x' })` gives
 * `/api/auth/feide/start?verificationGuid=x`.
 */
export function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value) search.set(key, value);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
