/**
 * Inbound HTML as it is stored: what a mail client renders (layout tables, inline styles, images,
 * links) and nothing that runs or reaches out on its own (scripts, handlers, frames, forms,
 * `javascript:` links, CSS that loads URLs). The viewer still shows it in a sandboxed frame; this
 * is the server's half of "user HTML is sanitised on the server" (CONVENTIONS).
 */
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = [
  ...sanitizeHtml.defaults.allowedTags,
  'img',
  'font',
  'center',
  'span',
  'del',
  'ins',
  'u',
  's',
  'strike',
  'small',
  'big',
  'sup',
  'sub',
  'hr',
  'col',
  'colgroup',
  'tfoot',
];

const LAYOUT_ATTRIBUTES = ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'color', 'dir', 'lang', 'title'];

const ALLOWED_ATTRIBUTES: sanitizeHtml.IOptions['allowedAttributes'] = {
  '*': LAYOUT_ATTRIBUTES,
  a: ['href', 'name', 'target', 'rel'],
  img: ['src', 'alt', 'border', 'hspace', 'vspace'],
  font: ['face', 'size'],
  table: ['border', 'cellpadding', 'cellspacing', 'background'],
  td: ['colspan', 'rowspan', 'nowrap', 'background'],
  th: ['colspan', 'rowspan', 'nowrap', 'background'],
  col: ['span'],
  colgroup: ['span'],
  ol: ['start', 'type'],
  ul: ['type'],
  blockquote: ['cite', 'type'],
};

/** CSS that fetches (tracking, exfiltration through attribute selectors) or runs (old IE). */
const UNSAFE_CSS = /url\s*\(|expression\s*\(|@import|behavior\s*:|-moz-binding|javascript:/i;

function withoutUnsafeStyle(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  if (attribs.style === undefined || !UNSAFE_CSS.test(attribs.style)) return attribs;
  const { style: _unsafe, ...rest } = attribs;
  return rest;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
  allowProtocolRelative: false,
  // Styles are checked by the transform below; parsing each one with postcss costs more than the message.
  parseStyleAttributes: false,
  // <style> blocks are dropped with their content: they apply to the whole page the viewer builds.
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'title', 'head', 'template'],
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: withoutUnsafeStyle(attribs) }),
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...withoutUnsafeStyle(attribs), target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

export function sanitiseInboundHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
