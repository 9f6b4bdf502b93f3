/**
 * Keys that make two prospects duplicates (normalised email, professional-network URL, name +
 * company) and the denormalised search column, computed the same way on every write path (edit,
 * import, finder) so the duplicate indexes always agree.
 */
import { cleanInput, sanitizeText } from '@leadforge/contracts';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** https://www.LinkedIn.com/in/jane/?x=1 → linkedin.com/in/jane */
export function normaliseSocial(url: string | null | undefined): string | null {
  if (!url) return null;
  const value = url
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^(www|[a-z]{2})\./, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  return value || null;
}

/** Adds https:// to a bare profile address ("linkedin.com/in/jane"); null when it is no web URL. */
export function toWebUrl(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return null;
  const withProtocol = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withProtocol);
    if (!/^https?:$/.test(url.protocol) || !url.hostname.includes('.')) return null;
    return withProtocol.length <= 2048 ? withProtocol : null;
  } catch {
    return null;
  }
}

export function nameCompanyKey(name: string, company: string | null | undefined): string | null {
  const companyKey = (company ?? '').trim().toLowerCase();
  if (!companyKey) return null;
  return `${name.trim().toLowerCase()}|${companyKey}`;
}

export function searchNameOf(name: string): string {
  return name.trim().toLowerCase();
}

/** Free text as it is saved: clean-up of ; " \ < > then sanitising (document 1 §5). */
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const cleaned = sanitizeText(cleanInput(value));
  return cleaned.length > 0 ? cleaned : null;
}

export function encodeProspectId(id: number): string {
  return Buffer.from(`prospect:${id}`).toString('base64url');
}
