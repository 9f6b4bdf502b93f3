/**
 * The hidden mark of warm-up mail: a header whose value names the warm-up send and carries an
 * HMAC of it under a server secret. The receiving side recognises its own warm-up mail by it (to
 * record where it landed, rescue it from spam and answer it) and keeps it out of the unibox,
 * campaign statistics and prospects; nobody outside can forge one for ordinary mail, and a mark
 * copied from one message names only that send.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WARMUP_HEADER = 'X-Leadforge-Warmup';

/** Shorter secrets are refused: the mark is only as unforgeable as its key. */
export const WARMUP_SECRET_MIN_BYTES = 32;

function mac(sendId: number, secret: string | Buffer): string {
  const bytes = typeof secret === 'string' ? Buffer.byteLength(secret) : secret.length;
  if (bytes < WARMUP_SECRET_MIN_BYTES) throw new RangeError(`the warm-up secret must have at least ${WARMUP_SECRET_MIN_BYTES} bytes`);
  return createHmac('sha256', secret).update(`leadforge-warmup\0${sendId}`).digest('base64url').slice(0, 22);
}

/** The header value of warm-up send `sendId`: `<id>.<mac>`. */
export function warmupToken(sendId: number, secret: string | Buffer): string {
  if (!Number.isSafeInteger(sendId) || sendId <= 0) throw new RangeError(`not a warm-up send id: ${sendId}`);
  return `${sendId}.${mac(sendId, secret)}`;
}

/** The warm-up send a header value names, or null when it is not a genuine mark of ours. */
export function readWarmupToken(value: string | null | undefined, secret: string | Buffer): number | null {
  const match = /^\s*(\d{1,15})\.([A-Za-z0-9_-]{22})\s*$/.exec(value ?? '');
  if (!match) return null;
  const sendId = Number(match[1]);
  if (!Number.isSafeInteger(sendId) || sendId <= 0) return null;
  const expected = Buffer.from(mac(sendId, secret));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? sendId : null;
}
