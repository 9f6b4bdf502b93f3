/**
 * Unsubscribe headers and DKIM options for campaign mail.
 *
 * `List-Unsubscribe` carries an https and a mailto target (RFC 2369) and, with one-click on,
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058). Both go to nodemailer as
 * `prepared` header values: nodemailer writes a prepared value as it is, where its own `list`
 * option (and any ordinary header value) is folded at 76 columns — and a folded
 * List-Unsubscribe is read wrongly by some receivers, so it stays on one line. The line limit of
 * RFC 5322 (998 octets) is checked here instead. Because a prepared value is written raw, every
 * part is validated first: nothing reaches the header that could end it (CR, LF) or split a
 * target (`<`, `>`, `,`, white space).
 *
 * RFC 8058 also requires a DKIM signature that covers both headers. nodemailer's default list of
 * signed fields has List-Unsubscribe but not List-Unsubscribe-Post, so the signing options name
 * the fields explicitly.
 */
import type { DKIMOptions } from 'nodemailer';

export const LIST_UNSUBSCRIBE_POST_VALUE = 'List-Unsubscribe=One-Click';

/** RFC 5322 §2.1.1: at most 998 characters on a line, without CRLF. */
const MAX_HEADER_LINE = 998;

export interface ListUnsubscribeInput {
  /** The campaign's unsubscribeHeader setting: off, no header at all. */
  enabled: boolean;
  /** The one-click https endpoint; it carries an opaque token and answers POST without a cookie. */
  url: string;
  /** The address a mail client writes to, e.g. `unsubscribe+<token>@sender.example`. */
  mailto: string;
  /** Subject of the mailto; default "unsubscribe". */
  mailtoSubject?: string;
}

/** The value nodemailer writes verbatim: no folding, no encoding. */
export interface PreparedHeader {
  prepared: true;
  value: string;
}

export type UnsubscribeHeaders = Record<string, PreparedHeader>;

const UNSAFE_IN_TARGET = /[\s<>,"\\\p{Cc}]/u;

function httpsTarget(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RangeError('the List-Unsubscribe URL is not a URL');
  }
  // RFC 8058 §3.1: one-click needs an HTTPS URI.
  if (url.protocol !== 'https:') throw new RangeError('the List-Unsubscribe URL must be https');
  if (url.username !== '' || url.password !== '') throw new RangeError('the List-Unsubscribe URL must not carry credentials');
  // RFC 2369 §2: a comma inside a listed URL must be encoded. WHATWG URL serialisation already
  // percent-encodes spaces, quotes and angle brackets, and drops tabs and line breaks.
  const href = url.href.replace(/,/g, '%2C');
  if (UNSAFE_IN_TARGET.test(href)) throw new RangeError('the List-Unsubscribe URL has characters a header cannot carry');
  return href;
}

const MAILBOX =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

function mailtoTarget(address: string, subject: string): string {
  const bare = address.replace(/^mailto:/i, '');
  if (!MAILBOX.test(bare)) throw new RangeError('the List-Unsubscribe mailto is not a plain e-mail address');
  return `mailto:${bare}?subject=${encodeURIComponent(subject)}`;
}

/**
 * The `headers` entries of a campaign message: `List-Unsubscribe` (https first, then mailto) and
 * `List-Unsubscribe-Post`. Empty when the campaign has the header off.
 */
export function listUnsubscribeHeaders(input: ListUnsubscribeInput): UnsubscribeHeaders {
  if (!input.enabled) return {};
  const value = `<${httpsTarget(input.url)}>, <${mailtoTarget(input.mailto, input.mailtoSubject ?? 'unsubscribe')}>`;
  if ('List-Unsubscribe: '.length + value.length > MAX_HEADER_LINE)
    throw new RangeError('the List-Unsubscribe header would exceed 998 characters');
  return {
    'List-Unsubscribe': { prepared: true, value },
    'List-Unsubscribe-Post': { prepared: true, value: LIST_UNSUBSCRIBE_POST_VALUE },
  };
}

/**
 * Header fields the DKIM signature covers: the fields RFC 6376 §5.4.1 recommends (nodemailer's
 * default list) plus List-Unsubscribe-Post, which RFC 8058 §4 requires to be signed.
 */
export const DKIM_SIGNED_HEADER_FIELDS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Content-ID',
  'Content-Description',
  'Resent-Date',
  'Resent-From',
  'Resent-Sender',
  'Resent-To',
  'Resent-Cc',
  'Resent-Message-ID',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Help',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'List-Subscribe',
  'List-Post',
  'List-Owner',
  'List-Archive',
] as const;

export interface DkimKey {
  /** The signing domain (d=), normally the domain of the From address. */
  domainName: string;
  /** The selector (s=) under which the public key is published in DNS. */
  keySelector: string;
  /** PEM private key. */
  privateKey: string;
}

/** nodemailer's per-message (or per-transport) `dkim` option for an account's domain key. */
export function dkimOptions(key: DkimKey): DKIMOptions {
  return {
    domainName: key.domainName,
    keySelector: key.keySelector,
    privateKey: key.privateKey,
    headerFieldNames: DKIM_SIGNED_HEADER_FIELDS.join(':'),
  };
}
