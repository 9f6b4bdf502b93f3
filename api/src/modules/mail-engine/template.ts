/**
 * A test email's subject and body as they leave: placeholders filled from the prospect, then
 * sanitised (document 1 §5: "Subject and body are sanitised before a test email is sent"). User
 * HTML never reaches a mailbox with scripts, event handlers, frames or forms; the subject is one
 * line of plain text (a line break in it would start a header of its own).
 */
import { EMAIL_TEMPLATE_VARIABLES, addressedNames, type EmailTemplateVariable, type ProspectInfo } from '@leadforge/contracts';
import { load } from 'cheerio';
import sanitizeHtml from 'sanitize-html';

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** The values a prospect gives each placeholder (names compared without case); missing ones are empty. */
export function prospectVariables(prospect: ProspectInfo): Map<string, string> {
  const company = prospect.companies[0];
  const { first, last } = addressedNames(prospect.name, prospect.firstName, prospect.lastName);
  const fixed: Record<EmailTemplateVariable, string> = {
    firstName: first,
    lastName: last,
    fullName: prospect.name || `${first} ${last}`.trim(),
    email: prospect.emails[0]?.email ?? '',
    companyName: company?.name ?? '',
    position: company?.position ?? '',
    website: company?.url ?? '',
    industry: prospect.industry ?? '',
    country: prospect.country ?? '',
    location: prospect.locality ?? '',
  };
  const values = new Map<string, string>();
  // Custom fields first, so a field named like a built-in variable never hides the built-in one.
  for (const field of prospect.customFields ?? []) values.set(field.name.trim().toLowerCase(), field.value);
  for (const name of EMAIL_TEMPLATE_VARIABLES) values.set(name.toLowerCase(), fixed[name]);
  return values;
}

/** Placeholder names of the text that are neither built-in variables nor among `extra` (custom fields). */
export function unknownPlaceholders(text: string, extra: readonly string[]): string[] {
  const known = new Set([...EMAIL_TEMPLATE_VARIABLES, ...extra].map((name) => name.trim().toLowerCase()));
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = (match[1] ?? '').trim();
    if (!known.has(name.toLowerCase())) unknown.add(name);
  }
  return [...unknown];
}

/** Fills each `{{name}}` with its value; `escape` prepares a value for HTML. */
export function fillPlaceholders(text: string, values: ReadonlyMap<string, string>, escape: (value: string) => string = (value) => value): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values.get(name.trim().toLowerCase());
    return value === undefined ? whole : escape(value);
  });
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** What mail HTML may keep: formatting, links, images, tables; nothing that runs or submits. */
const MAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'span',
    'font',
    'center',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'hr',
  ],
  allowedAttributes: {
    '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'color', 'dir', 'lang', 'title'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    table: ['border', 'cellpadding', 'cellspacing'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    font: ['face', 'size', 'color'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, MAIL_HTML);
}

/** The subject as one line of plain text: tags dropped, entities decoded, control characters gone. */
export function sanitizeSubject(subject: string): string {
  const text = load(`<body>${sanitizeHtml(subject, { allowedTags: [], allowedAttributes: {} })}</body>`)('body').text();
  return text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A body written in plain-text mode: any markup in it is read as text, not sent as HTML. */
export function plainTextOf(body: string): string {
  if (!/<[a-z!/][^>]*>/i.test(body)) return body.replace(/\r\n?/g, '\n');
  const $ = load(sanitizeHtml(body, { allowedTags: ['br', 'p', 'div', 'li'], allowedAttributes: {} }));
  $('br').replaceWith('\n');
  $('p, div, li').each((_, element) => {
    $(element).append('\n');
  });
  return $.root().text().replace(/\n{3,}/g, '\n\n').trim();
}
