/** Moving an email body between HTML and plain text, and placing a `{{variable}}` in it. */

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ', '&#160;': ' ' };

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text of an HTML body: one line per paragraph or line break, tags dropped. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp|#160);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** HTML of a plain body: a paragraph per line, text escaped. */
export function plainTextToHtml(text: string): string {
  if (!text.trim()) return '';
  return text
    .split('\n')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** Inserts `{{name}}` into text at a caret (or at the end), returning the text and the new caret. */
export function insertAt(text: string, insert: string, caret: number | null): { text: string; caret: number } {
  const at = caret === null || caret < 0 || caret > text.length ? text.length : caret;
  return { text: text.slice(0, at) + insert + text.slice(at), caret: at + insert.length };
}

/**
 * Adds `{{name}}` at the end of an HTML body's last paragraph (the rich editor keeps its own
 * caret, which a field outside it cannot reach; the user moves the placeholder if needed).
 */
export function appendToHtml(html: string, insert: string): string {
  const trimmed = html.trimEnd();
  if (trimmed.endsWith('</p>')) return `${trimmed.slice(0, -'</p>'.length)} ${insert}</p>`;
  return `${trimmed}<p>${insert}</p>`;
}

export function variablePlaceholder(name: string): string {
  return `{{${name}}}`;
}
