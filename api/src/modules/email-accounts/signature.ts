/**
 * A signature is user HTML that goes into every message of the mailbox and is shown in the app:
 * it is cleaned here, once, before it is stored (scripts, event handlers, forms, frames and
 * non-http(s) links removed), and the screens render it in a sandboxed frame all the same.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'b', 'strong', 'i', 'em', 'u', 's', 'br', 'p', 'div', 'span', 'img', 'hr', 'ul', 'ol', 'li', 'table', 'tbody', 'tr', 'td', 'font', 'small', 'sub', 'sup', 'blockquote'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    font: ['color', 'size', 'face'],
    td: ['width', 'align', 'valign'],
    '*': ['style'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'font-size': [/^\d+(?:\.\d+)?(?:px|pt|em|rem|%)$/],
      'font-family': [/^[\w\s,'"-]+$/],
      'font-weight': [/^(?:normal|bold|\d{3})$/],
      'font-style': [/^(?:normal|italic)$/],
      'text-align': [/^(?:left|right|center|justify)$/],
      'text-decoration': [/^(?:none|underline|line-through)$/],
      'line-height': [/^\d+(?:\.\d+)?(?:px|em|%)?$/],
    },
  },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeSignature(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
