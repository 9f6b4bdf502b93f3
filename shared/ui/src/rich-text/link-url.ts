/** The schemes a link in an email may use: anything else (javascript:, data:, file:) is refused. */
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
const BARE_HOST = /^[a-z\d](?:[a-z\d-]*[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]*[a-z\d])?)+(?::\d+)?(?:[/?#]\S*)?$/i;
// A tab or newline inside a scheme ("java\tscript:") is dropped by the URL parser, which is how
// filters that look at the text are fooled; such characters never belong in a typed address.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

/**
 * The address a user typed for a link, as the href to store, or null when it is not a web or
 * email address. "example.com" becomes https://example.com and "ana@example.com" a mailto: link,
 * because that is what people type into a signature.
 */
export function normalizeLinkUrl(input: string): string | null {
  const text = input.trim();
  if (!text || CONTROL_OR_SPACE.test(text)) return null;
  let candidate: string;
  if (SCHEME.test(text)) candidate = text;
  else if (EMAIL.test(text)) candidate = `mailto:${text}`;
  else if (BARE_HOST.test(text)) candidate = `https://${text}`;
  else return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return null;
  if (url.protocol === 'mailto:') return url.pathname.includes('@') ? url.href : null;
  return url.hostname ? url.href : null;
}

/** Whether an href may stay on a link: what the editor keeps when it reads or pastes HTML. */
export function isAllowedLinkUrl(href: string): boolean {
  return normalizeLinkUrl(href) !== null;
}
