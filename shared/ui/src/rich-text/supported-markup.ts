/**
 * The elements the visual editor reads back without losing anything, with the attributes it keeps
 * (see `extensions.ts`). `b`, `i`, `del` and `strike` are read as their modern twins.
 */
const SUPPORTED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  del: [],
  strike: [],
  ul: [],
  ol: ['start', 'type'],
  li: [],
  a: ['href', 'target', 'rel', 'title'],
};

/**
 * Whether HTML holds something the visual editor would drop when it is next edited there: an
 * image, a table, a colour or any other inline style, a layout `div`. Such a signature (pasted from
 * a mail client, or written by hand) opens as HTML so it is not flattened by accident.
 */
export function hasUnsupportedMarkup(html: string): boolean {
  if (!html.trim()) return false;
  const document = new DOMParser().parseFromString(html, 'text/html');
  // A <style>, <meta> or <title> lands in the head.
  if (document.head.childElementCount > 0) return true;
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const allowed = SUPPORTED[element.tagName.toLowerCase()];
    if (!allowed) return true;
    if (Array.from(element.attributes).some((attribute) => !allowed.includes(attribute.name.toLowerCase()))) return true;
  }
  return false;
}
