/**
 * The new text of a reply, apart from the quoted history, for previews and for reading an
 * unsubscribe request. `email-reply-parser` does the work on plain text ("On … wrote:", `>` quotes,
 * signatures); the quote headers it lacks (Outlook's "From: … Sent: …" block in the five product
 * locales, Ukrainian, Russian and Chinese attribution lines) are cut first. HTML-only mail arrives
 * here already converted to text by mailparser; when it was not (an HTML body too long to convert),
 * the HTML is cut at its quote container and stripped of tags.
 */
import EmailReplyParser from 'email-reply-parser';
import sanitizeHtml from 'sanitize-html';
import type { InboundMessage } from './types';

/** Previews need the opening of a reply; the parser's cost grows with every line it reads. */
const MAX_INPUT = 100_000;

export interface QuotedSplit {
  /** What the sender wrote, without quotes and signature. */
  newText: string;
  /** The quoted history, attribution lines included. */
  quotedText: string;
  signature: string;
  /** Where the text came from: the text part (or mailparser's conversion of the HTML), the raw HTML, or nowhere. */
  source: 'text' | 'html' | 'none';
}

const FROM_LABELS = ['From', 'De', 'Von', 'Van', 'Da', 'Від', 'От', '发件人', '寄件者', 'Od', 'Fra', 'Från'];
const SENT_LABELS = [
  'Sent',
  'Date',
  'Enviado',
  'Enviada',
  'Data',
  'Fecha',
  'Gesendet',
  'Datum',
  'Envoyé',
  'Надіслано',
  'Дата',
  'Отправлено',
  '发送时间',
  '日期',
  '寄件日期',
  '傳送時間',
  'Wysłano',
];
const SEPARATOR_TITLES = [
  'Original Message',
  'Forwarded message',
  'Оригінальне повідомлення',
  'Початкове повідомлення',
  'Пересланий лист',
  'Исходное сообщение',
  'Пересылаемое сообщение',
  '原始邮件',
  '原始郵件',
  '转发邮件',
  'Mensagem original',
  'Mensagem encaminhada',
  'Mensaje original',
  'Mensaje reenviado',
  "Message d'origine",
  'Ursprüngliche Nachricht',
];

function alternatives(words: readonly string[]): string {
  return words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
}

/** Quote headers email-reply-parser does not know, each the first line of the quoted part. */
const EXTRA_QUOTE_HEADERS = [
  // Outlook: an optional rule of underscores, then "From: …" with "Sent: …" or "Date: …" on one of the next two lines.
  new RegExp(
    `^[ \\t]*(?:_{8,}[ \\t]*\\n[ \\t]*)?\\*?(?:${alternatives(FROM_LABELS)})\\*?[ \\t]*[:：].*\\n(?:.*\\n)?[ \\t]*\\*?(?:${alternatives(SENT_LABELS)})\\*?[ \\t]*[:：]`,
    'imu',
  ),
  new RegExp(`^[ \\t]*-{2,}[ \\t]*(?:${alternatives(SEPARATOR_TITLES)})[ \\t]*-{2,}[ \\t]*$`, 'imu'),
  // Gmail in Ukrainian and Russian: "пн, 3 бер. 2025 р. о 10:00 Alex <alex@…> пише:".
  /^.{0,300}\d.{0,300}(?:пише|написав|написала|написав\(ла\)|пишет|написал|написала)[ \t]*:[ \t]*$/imu,
  // Gmail, QQ and Foxmail in Chinese: "Alex <alex@…> 于2025年3月3日周一 10:00写道：".
  /^.{0,300}写道[:：][ \t]*$/mu,
];

function firstQuoteHeader(text: string): number {
  let cut = text.length;
  for (const header of EXTRA_QUOTE_HEADERS) {
    const index = text.search(header);
    if (index >= 0 && index < cut) cut = index;
  }
  return cut;
}

/** Where the quoted history of an HTML reply starts: Gmail's, Outlook's, Apple Mail's and Thunderbird's containers. */
const HTML_QUOTE_STARTS = [
  /<div[^>]*class="[^"]*gmail_quote/i,
  /<div[^>]*id="(?:divRplyFwdMsg|appendonsend)"/i,
  /<div[^>]*class="[^"]*(?:moz-cite-prefix|yahoo_quoted)/i,
  /<blockquote/i,
];

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** Text of an HTML fragment: scripts and styles dropped with their content, blocks on their own lines. */
export function htmlToPlainText(html: string): string {
  const blocks = html.replace(/<(?:br|\/p|\/div|\/li|\/tr|\/h[1-6]|\/blockquote|\/table)\b[^>]*>/gi, '$&\n');
  const stripped = sanitizeHtml(blocks, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'title', 'head', 'textarea', 'noscript'],
  });
  return stripped
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function splitText(text: string): Omit<QuotedSplit, 'source'> {
  const normalised = text.replace(/\r\n?/g, '\n').slice(0, MAX_INPUT);
  const cut = firstQuoteHeader(normalised);
  const email = new EmailReplyParser().read(normalised.slice(0, cut));
  const fragments = email.getFragments();
  const quoted = [email.getQuotedText().trim(), normalised.slice(cut).trim()].filter((part) => part.length > 0);
  return {
    newText: email
      .getVisibleText()
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    quotedText: quoted.join('\n'),
    signature: fragments
      .filter((fragment) => fragment.isSignature())
      .map((fragment) => fragment.getContent().trim())
      .join('\n')
      .trim(),
  };
}

export function splitQuoted(message: Pick<InboundMessage, 'text' | 'html'>): QuotedSplit {
  if (message.text && message.text.trim().length > 0) return { ...splitText(message.text), source: 'text' };
  if (!message.html) return { newText: '', quotedText: '', signature: '', source: 'none' };
  const html = message.html.slice(0, MAX_INPUT * 4);
  let cut = html.length;
  for (const start of HTML_QUOTE_STARTS) {
    const index = html.search(start);
    if (index >= 0 && index < cut) cut = index;
  }
  const before = splitText(htmlToPlainText(html.slice(0, cut)));
  const after = htmlToPlainText(html.slice(cut));
  return {
    newText: before.newText,
    quotedText: [before.quotedText, after].filter((part) => part.length > 0).join('\n'),
    signature: before.signature,
    source: 'html',
  };
}
