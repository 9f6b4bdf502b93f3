import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import nodemailer from 'nodemailer';
import { createMessageId, messageIdDomain } from './message-id';

const SECRET = randomBytes(32);

describe('deterministic Message-ID', () => {
  it('gives the same id for the same row, so a resumed send repeats its header exactly', () => {
    const first = createMessageId({ key: 'outbound:42', domain: 'Sender.Example', secret: SECRET });
    const again = createMessageId({ key: 'outbound:42', domain: 'sender.example', secret: SECRET });
    assert.equal(first, again);
    assert.match(first, /^<[0-9a-f]{32}@sender\.example>$/);
  });

  it('differs by row, by domain and by server secret', () => {
    const base = createMessageId({ key: 'outbound:42', domain: 'sender.example', secret: SECRET });
    assert.notEqual(createMessageId({ key: 'outbound:43', domain: 'sender.example', secret: SECRET }), base);
    assert.notEqual(
      createMessageId({ key: 'outbound:42', domain: 'other.example', secret: SECRET }).split('@')[0],
      base.split('@')[0],
    );
    // Another installation (another secret) cannot compute this installation's ids from row ids.
    assert.notEqual(createMessageId({ key: 'outbound:42', domain: 'sender.example', secret: randomBytes(32) }), base);
  });

  it('shows nothing of the key it was made from', () => {
    const id = createMessageId({ key: 'tenant-7:campaign-3:recipient-9:step-1', domain: 'sender.example', secret: SECRET });
    assert.doesNotMatch(id, /tenant|campaign|recipient|step/);
  });

  it('does not collide over many rows', () => {
    const ids = new Set<string>();
    for (let index = 0; index < 20_000; index += 1)
      ids.add(createMessageId({ key: String(index), domain: 'sender.example', secret: SECRET }));
    assert.equal(ids.size, 20_000);
  });

  it('refuses a short secret, an empty key and a non-domain', () => {
    assert.throws(() => createMessageId({ key: 'x', domain: 'sender.example', secret: 'short' }), /at least 32 bytes/);
    assert.throws(() => createMessageId({ key: '', domain: 'sender.example', secret: SECRET }), /empty/);
    assert.throws(() => createMessageId({ key: 'x', domain: 'localhost', secret: SECRET }), /not a domain/);
    assert.throws(() => createMessageId({ key: 'x', domain: 'a b.example', secret: SECRET }), /not a domain/);
    assert.throws(() => createMessageId({ key: 'x', domain: 'evil.example>\r\nBcc: x@y', secret: SECRET }), /not a domain/);
    assert.throws(() => createMessageId({ key: 'x', domain: 'ann@sender.example', secret: SECRET }), /not a domain/);
    assert.throws(() => createMessageId({ key: 'x', domain: 'sender.example/path', secret: SECRET }), /not a domain/);
  });

  it('writes an internationalised domain in its ASCII form', () => {
    assert.equal(messageIdDomain('bücher.example'), 'xn--bcher-kva.example');
  });

  it('is the Message-ID header nodemailer writes', async () => {
    const messageId = createMessageId({ key: 'outbound:42', domain: 'sender.example', secret: SECRET });
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const info = await transport.sendMail({
      from: 'ann@sender.example',
      to: 'bob@recipient.example',
      subject: 'x',
      text: 'y',
      messageId,
    });
    assert.match((info.message as Buffer).toString(), new RegExp(`^Message-ID: ${messageId}\\r?$`, 'm'));
  });
});
