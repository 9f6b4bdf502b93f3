/**
 * Moving a body between the rich editor (HTML) and plain-text mode, so switching the mode keeps
 * the words the user wrote instead of showing them markup or losing their line breaks. The
 * server sanitises whatever is saved; this is only the editor's convenience.
 */
const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The text of an HTML body: block ends and <br> become line breaks, tags go, common entities decode. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A plain-text body as HTML: one paragraph per line, empty lines kept as empty paragraphs. */
export function plainTextToHtml(text: string): string {
  if (text.trim() === '') return '';
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line.trim() === '' ? '<p></p>' : `<p>${escapeHtml(line)}</p>`))
    .join('');
}
