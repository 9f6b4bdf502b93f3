/**
 * A downloaded message on its way into `parseInbound`: the stream passes through untouched while
 * its header block is kept, so a message without a Message-ID still gets an identity that is the
 * same every time it is read (a resync after a UIDVALIDITY change, the same message in two
 * folders) and the unique (mailbox, Message-ID) keeps it stored once.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { HEADER_BLOCK_LIMIT } from './constants';

/** Bare, like every stored Message-ID; `.invalid` (RFC 2606) so it never collides with a real one. */
export const SYNTHETIC_ID_DOMAIN = 'synthetic.leadforge.invalid';

export interface CapturedSource {
  /** The stream to parse: the same bytes as the source. */
  stream: Readable;
  /** The header block seen so far (complete once the stream has been read). */
  headerBlock(): Buffer;
}

const HEADER_END = /\r?\n\r?\n/;

export function captureHeaders(source: Readable | Buffer): CapturedSource {
  const kept: Buffer[] = [];
  let keptLength = 0;
  let complete = false;
  // The end of the block may straddle two chunks: the last bytes of the previous one are searched too.
  let carry = '';

  const keep = (chunk: Buffer) => {
    if (complete || keptLength >= HEADER_BLOCK_LIMIT) return;
    const part = Buffer.from(chunk.subarray(0, HEADER_BLOCK_LIMIT - keptLength));
    kept.push(part);
    keptLength += part.length;
    const text = carry + part.toString('latin1');
    if (HEADER_END.test(text)) complete = true;
    carry = text.slice(-3);
  };

  async function* pass(): AsyncGenerator<Buffer> {
    const chunks: AsyncIterable<unknown> | Iterable<Buffer> = Buffer.isBuffer(source) ? [source] : source;
    for await (const value of chunks) {
      const chunk = Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
      keep(chunk);
      yield chunk;
    }
  }

  return {
    stream: Readable.from(pass(), { objectMode: false }),
    headerBlock() {
      const all = Buffer.concat(kept);
      const text = all.toString('latin1');
      const end = text.search(HEADER_END);
      return end >= 0 ? all.subarray(0, end) : all;
    },
  };
}

/**
 * A Message-ID for a message that has none: a hash of its unfolded header lines. Line endings and
 * folding whitespace are normalised so that a server re-wrapping a header does not change it.
 */
export function syntheticMessageId(headerBlock: Buffer): string {
  const unfolded = headerBlock
    .toString('latin1')
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
  const digest = createHash('sha256').update(unfolded, 'latin1').digest('hex').slice(0, 40);
  return `${digest}@${SYNTHETIC_ID_DOMAIN}`;
}
