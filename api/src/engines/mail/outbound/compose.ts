/**
 * What a queued message becomes: tracking ids woven into its HTML and its unsubscribe headers when
 * it is queued (so the row holds exactly what goes out, and a retry sends the same bytes), and the
 * nodemailer message built from the row and its mailbox when it is sent.
 */
import { load } from 'cheerio';
import type { SendMailOptions } from 'nodemailer';
import { listUnsubscribeHeaders, type UnsubscribeHeaders } from './headers';
import type { MailboxRow } from './mailbox';
import type { AttachmentFile, ClaimedRow, TrackingLinkRow } from './outbox-repository';
import { createTrackingId, insertOpenPixel, rewriteLinks, trackingUrl, TRACKING_PATHS } from './tracking';

/** The public page an unsubscribe token opens (campaigns remote, /email-unsubscribe/:v?). */
export const UNSUBSCRIBE_PAGE_PATH = '/email-unsubscribe/';

/** A URL on the tracking origin; a path prefix on the origin (https://example.com/app) is kept. */
export function originUrl(origin: string, path: string): string {
  const base = new URL(origin);
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}${path}`;
}

export interface TrackingOptions {
  opens: boolean;
  clicks: boolean;
}

export interface ComposeInput {
  html: string | null;
  text: string | null;
  /** PUBLIC_URL, or https://<the mailbox's verified tracking domain>. */
  origin: string;
  tracking: TrackingOptions;
  /** List-Unsubscribe with one-click (the campaign's unsubscribeHeader). */
  unsubscribe: boolean;
  /** The mailbox address, the mailto target of List-Unsubscribe. */
  mailto: string;
}

export interface Composed {
  html: string | null;
  text: string | null;
  headers: UnsubscribeHeaders;
  links: TrackingLinkRow[];
  /** The unsubscribe page of this message, when it has one. */
  unsubscribeUrl: string | null;
}

export function composeTracked(input: ComposeInput): Composed {
  const links: TrackingLinkRow[] = [];
  let html = input.html;
  let headers: UnsubscribeHeaders = {};
  let unsubscribeUrl: string | null = null;

  if (input.unsubscribe) {
    const token = createTrackingId();
    unsubscribeUrl = originUrl(input.origin, `${UNSUBSCRIBE_PAGE_PATH}${token}`);
    links.push({ id: token, kind: 'unsubscribe', url: null });
    // RFC 8058 one-click needs an https target: a plain-http origin (a development server) gets no header.
    if (unsubscribeUrl.startsWith('https:')) headers = listUnsubscribeHeaders({ enabled: true, url: unsubscribeUrl, mailto: input.mailto });
  }
  if (html !== null && input.tracking.clicks) {
    const ours = [originUrl(input.origin, UNSUBSCRIBE_PAGE_PATH), originUrl(input.origin, TRACKING_PATHS.click), originUrl(input.origin, TRACKING_PATHS.open)];
    const rewritten = rewriteLinks(html, () => createTrackingId(), {
      clickUrl: (id) => trackingUrl(input.origin, 'click', id),
      keep: (url) => ours.some((prefix) => url.startsWith(prefix)),
    });
    html = rewritten.html;
    for (const link of rewritten.links) links.push({ id: link.id, kind: 'click', url: link.url });
  }
  if (html !== null && input.tracking.opens) {
    const id = createTrackingId();
    html = insertOpenPixel(html, trackingUrl(input.origin, 'open', id));
    links.push({ id, kind: 'open', url: null });
  }
  return { html, text: input.text, headers, links, unsubscribeUrl };
}

const BLOCK_END = 'p, div, li, tr, h1, h2, h3, h4, h5, h6, blockquote, table';

/**
 * A plain-text part for an HTML message (mail without one reads as spam to filters, and some
 * readers show only text): line breaks for blocks, a link's target after its words.
 */
export function textOf(html: string): string {
  const $ = load(html);
  $('script, style, head, title').remove();
  $('br').replaceWith('\n');
  $('a[href]').each((_, element) => {
    const href = $(element).attr('href') ?? '';
    const words = $(element).text().trim();
    if (/^https?:/i.test(href) && words !== href) $(element).append(` (${href})`);
  });
  $(BLOCK_END).each((_, element) => {
    $(element).append('\n');
  });
  return $.root()
    .text()
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The message nodemailer sends for a claimed row, as its mailbox writes it. */
export function mailOptionsOf(row: ClaimedRow, mailbox: MailboxRow, now: Date, files: readonly AttachmentFile[] = []): SendMailOptions {
  // A Cc given as a header (a unibox reply-all) is an address list of the message: it goes in the envelope too.
  const { Cc: cc, ...headers } = (row.headers ?? {}) as Record<string, unknown>;
  return {
    from: { name: mailbox.sender_name, address: mailbox.email },
    to: row.to_address,
    ...(typeof cc === 'string' && cc !== '' ? { cc } : {}),
    ...(mailbox.reply_to ? { replyTo: mailbox.reply_to } : {}),
    subject: row.subject,
    ...(row.html !== null ? { html: row.html } : {}),
    ...(row.text !== null ? { text: row.text } : {}),
    messageId: row.message_id,
    date: now,
    headers: headers as SendMailOptions['headers'],
    ...(files.length > 0
      ? { attachments: files.map((file) => ({ filename: file.file_name, contentType: file.content_type, content: file.bytes, contentDisposition: 'attachment' as const })) }
      : {}),
  };
}
