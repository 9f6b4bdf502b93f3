import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { captureHeaders, syntheticMessageId } from './message-source';

const HEADERS = 'From: MAILER-DAEMON@mail.test\r\nSubject: failure notice\r\nDate: 3 Mar 2025 10:31:02 -0000\r\n';

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the identity of a message without Message-ID', () => {
  it('is the same however the header block is wrapped or its lines end', () => {
    const folded = Buffer.from('From: MAILER-DAEMON@mail.test\r\nSubject: failure\r\n  notice\r\nDate: 3 Mar 2025 10:31:02 -0000');
    const unfolded = Buffer.from('From: MAILER-DAEMON@mail.test\nSubject: failure notice\nDate: 3 Mar 2025 10:31:02 -0000');
    assert.equal(syntheticMessageId(folded), syntheticMessageId(unfolded));
    assert.match(syntheticMessageId(folded), /^[0-9a-f]{40}@synthetic\.leadforge\.invalid$/);
  });

  it('differs for messages whose headers differ', () => {
    assert.notEqual(syntheticMessageId(Buffer.from(HEADERS)), syntheticMessageId(Buffer.from(HEADERS.replace('10:31:02', '10:31:03'))));
  });
});

describe('reading a message while keeping its header block', () => {
  it('passes every byte through and keeps the headers, even when their end straddles two chunks', async () => {
    const raw = Buffer.from(`${HEADERS}\r\nBody line one.\r\nBody line two.\r\n`);
    const split = HEADERS.length + 1;
    const captured = captureHeaders(Readable.from([raw.subarray(0, split), raw.subarray(split)]));
    assert.deepEqual(await drain(captured.stream), raw);
    assert.equal(captured.headerBlock().toString('latin1'), HEADERS.slice(0, -2));
  });

  it('keeps a message that never ends its headers whole as its header block', async () => {
    const raw = Buffer.from('From: someone@cut.test\r\nSubject: cut');
    const captured = captureHeaders(raw);
    assert.deepEqual(await drain(captured.stream), raw);
    assert.deepEqual(captured.headerBlock(), raw);
  });
});
