/**
 * Deterministic Message-IDs. The outbound row stores its Message-ID before the DATA command, and
 * a worker that resumes the row after a crash must produce the very same header, so the id is a
 * function of the row's key — an HMAC under a server secret, so that nobody who knows a row id
 * (or sees another tenant's ids) can compute or guess the Message-ID of any other message.
 */
import { createHmac } from 'node:crypto';

/** Shorter secrets are refused: the HMAC is only as unguessable as its key. */
export const MESSAGE_ID_SECRET_MIN_BYTES = 32;

export interface MessageIdInput {
  /** The outbound row id or its idempotency key: whatever is unique per message and stable across retries. */
  key: string;
  /** The sending domain (the right side of the From address). */
  domain: string;
  /** A server-wide secret of at least 32 bytes. */
  secret: string | Buffer;
}

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The domain as it may appear after the @ of a Message-ID: lower case, IDNA (punycode) form. */
export function messageIdDomain(domain: string): string {
  // The URL parser would quietly read "user@host" or "host/path" as the host alone.
  if (/[\s/@:?#\\<>[\]%]/.test(domain.trim())) throw new RangeError(`not a domain name: ${JSON.stringify(domain)}`);
  let ascii: string;
  try {
    ascii = new URL(`http://${domain.trim()}`).hostname;
  } catch {
    throw new RangeError(`not a domain name: ${JSON.stringify(domain)}`);
  }
  const labels = ascii.replace(/\.$/, '').split('.');
  if (ascii.length > 253 || labels.length < 2 || !labels.every((label) => HOST_LABEL.test(label))) {
    throw new RangeError(`not a domain name: ${JSON.stringify(domain)}`);
  }
  return labels.join('.');
}

/** `<32 hex characters@domain>`: 128 bits of HMAC-SHA256 over the key and the domain. */
export function createMessageId({ key, domain, secret }: MessageIdInput): string {
  const secretBytes = typeof secret === 'string' ? Buffer.byteLength(secret) : secret.length;
  if (secretBytes < MESSAGE_ID_SECRET_MIN_BYTES)
    throw new RangeError(`the Message-ID secret must have at least ${MESSAGE_ID_SECRET_MIN_BYTES} bytes`);
  if (key === '') throw new RangeError('the Message-ID key is empty');
  const host = messageIdDomain(domain);
  // Length-prefixed so that no two (key, domain) pairs hash the same input.
  const local = createHmac('sha256', secret)
    .update(`leadforge-message-id\0${key.length}:${key}\0${host}`)
    .digest('hex')
    .slice(0, 32);
  return `<${local}@${host}>`;
}
