/**
 * How a message's HTML becomes the document of its sandboxed frame. The server has sanitised the
 * HTML already; the frame (no scripts, an opaque origin, links only to a new tab) and the policy below are the
 * second wall, and the policy is also what keeps tracking pixels from loading until the user asks.
 */

/** Only inline pictures (`data:`) load; styles inline only; nothing else. */
const BLOCKED_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";
/** After "Show images": pictures from anywhere too, still nothing that runs. */
const IMAGES_POLICY = "default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'; font-src data:";

export function contentSecurityPolicy(showImages: boolean): string {
  return showImages ? IMAGES_POLICY : BLOCKED_POLICY;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The frame's whole document: the policy first, so it applies to everything after it. */
export function buildSrcDoc(html: string, showImages: boolean): string {
  return [
    // Links open in a new tab (the frame itself must never navigate) and tell no one where from.
    '<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><meta name="referrer" content="no-referrer">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(contentSecurityPolicy(showImages))}">`,
    '<style>body{margin:0;font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;color:#1f1f1f;word-wrap:break-word}img{max-width:100%;height:auto}blockquote{margin:0 0 0 8px;padding-left:8px;border-left:2px solid #d9d9d9;color:#595959}</style>',
    '</head><body>',
    html,
    '</body></html>',
  ].join('');
}

/** Whether the HTML asks for pictures from the network (what "Show images" would let in). */
export function hasRemoteImages(html: string): boolean {
  return /\b(?:src|background|srcset)\s*=\s*["']?\s*(?:https?:)?\/\//i.test(html) || /url\(\s*["']?\s*(?:https?:)?\/\//i.test(html);
}

/** The usual wrappers of quoted history: Gmail, Apple Mail, Outlook, Yahoo, and a plain blockquote. */
const QUOTE_SELECTOR = '.gmail_quote, .gmail_quote_container, blockquote, div[type="cite"], #appendonsend, .yahoo_quoted, #divRplyFwdMsg';

export type SplitHtml = { visible: string; hasQuote: boolean };

/**
 * The message without its quoted history, for the collapsed view. DOMParser builds an inert
 * document (nothing in it loads or runs), so reading the HTML here is safe.
 */
export function splitQuotedHtml(html: string): SplitHtml {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const quotes = [...doc.body.querySelectorAll(QUOTE_SELECTOR)];
  // Only the outermost ones: an inner quote goes with its parent.
  const outer = quotes.filter((node) => !quotes.some((other) => other !== node && other.contains(node)));
  if (outer.length === 0) return { visible: html, hasQuote: false };
  for (const node of outer) node.remove();
  return { visible: doc.body.innerHTML, hasQuote: true };
}

export type SplitText = { visible: string; quoted: string };

/**
 * Plain text: everything from the first line quoted with ">" on is history, with the
 * "On …, … wrote:" line just above it.
 */
export function splitQuotedText(text: string): SplitText {
  const lines = text.split(/\r?\n/);
  let start = lines.findIndex((line) => line.trimStart().startsWith('>'));
  if (start === -1) return { visible: text, quoted: '' };
  let above = start - 1;
  while (above >= 0 && lines[above]!.trim() === '') above -= 1;
  if (above >= 0 && lines[above]!.trim().endsWith(':')) start = above;
  return { visible: lines.slice(0, start).join('\n').trimEnd(), quoted: lines.slice(start).join('\n') };
}
