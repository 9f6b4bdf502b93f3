import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { describe, it } from 'node:test';
import nodemailer from 'nodemailer';
import { DKIM_SIGNED_HEADER_FIELDS, dkimOptions, listUnsubscribeHeaders, type ListUnsubscribeInput } from './headers';

// A long token makes the header well past 76 columns, where nodemailer would otherwise fold it.
const TOKEN = 'u_Q2xhdWRlIHdhcyBoZXJlLCBhbmQgdGhpcyBpcyBhIHJhdGhlciBsb25nIG9wYXF1ZSB0b2tlbg';
const INPUT: ListUnsubscribeInput = {
  enabled: true,
  url: `https://track.sender.example/email-unsubscribe/${TOKEN}`,
  mailto: `unsubscribe+${TOKEN.slice(0, 24)}@sender.example`,
};

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

async function buildRaw(headers: Record<string, unknown>, dkim = true): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail({
    from: 'Ann Sender <ann@sender.example>',
    to: 'bob@recipient.example',
    subject: 'A question about your roadmap',
    text: 'Hi Bob,\n\nShort question.\n',
    html: '<p>Hi Bob,</p><p>Short question.</p>',
    messageId: '<0123456789abcdef0123456789abcdef@sender.example>',
    headers: headers as Record<string, string>,
    ...(dkim ? { dkim: dkimOptions({ domainName: 'sender.example', keySelector: 'lf1', privateKey: PRIVATE_PEM }) } : {}),
  });
  return (info.message as Buffer).toString('latin1');
}

/** Header block of a raw message as (name, whole field including folded continuation lines). */
function headerFields(raw: string): Array<{ name: string; field: string }> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const fields: Array<{ name: string; field: string }> = [];
  for (const line of head.split('\r\n')) {
    if (/^[ \t]/.test(line) && fields.length > 0) (fields[fields.length - 1] as { field: string }).field += `\r\n${line}`;
    else fields.push({ name: line.slice(0, line.indexOf(':')).toLowerCase(), field: line });
  }
  return fields;
}

/** RFC 6376 §3.4.2 relaxed header canonicalisation. */
function relaxedHeader(field: string): string {
  const colon = field.indexOf(':');
  const name = field.slice(0, colon).trim().toLowerCase();
  const value = field
    .slice(colon + 1)
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return `${name}:${value}`;
}

/** RFC 6376 §3.4.4 relaxed body canonicalisation. */
function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`;
}

/**
 * An independent DKIM check (rsa-sha256, relaxed/relaxed): the body hash and the signature over
 * the fields named in h=, read bottom-up as RFC 6376 §5.4.2 says. No maintained verifier
 * (mailauth) is installed, so the test carries this one rather than trusting the signer's view.
 */
function verifyDkim(raw: string, key: KeyObject): { valid: boolean; signedFields: string[] } {
  const fields = headerFields(raw);
  const signature = fields.find((entry) => entry.name === 'dkim-signature');
  assert.ok(signature, 'the message has a DKIM-Signature');
  const tags = new Map(
    relaxedHeader(signature.field)
      .slice('dkim-signature:'.length)
      .split(';')
      .map((tag) => tag.trim())
      .filter(Boolean)
      .map((tag) => [tag.slice(0, tag.indexOf('=')).trim(), tag.slice(tag.indexOf('=') + 1).replace(/\s+/g, '')] as const),
  );
  assert.equal(tags.get('c'), 'relaxed/relaxed');
  assert.equal(tags.get('a'), 'rsa-sha256');
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const bodyHash = createHash('sha256').update(relaxedBody(body), 'latin1').digest('base64');
  if (bodyHash !== tags.get('bh')) return { valid: false, signedFields: [] };
  const signedFields = (tags.get('h') ?? '').split(':').map((name) => name.trim().toLowerCase());
  const used = new Set<number>();
  let data = '';
  for (const name of signedFields) {
    for (let index = fields.length - 1; index >= 0; index -= 1) {
      const entry = fields[index] as { name: string; field: string };
      if (entry.name === name && !used.has(index)) {
        used.add(index);
        data += `${relaxedHeader(entry.field)}\r\n`;
        break;
      }
    }
  }
  data += relaxedHeader(signature.field).replace(/(;\s*b=)[^;]*$/, '$1');
  const valid = verify('sha256', Buffer.from(data, 'latin1'), key, Buffer.from(tags.get('b') ?? '', 'base64'));
  return { valid, signedFields };
}

describe('List-Unsubscribe headers', () => {
  it('puts the https and the mailto target on one unfolded line, with the one-click header', async () => {
    const raw = await buildRaw(listUnsubscribeHeaders(INPUT));
    const unsubscribe = headerFields(raw).find((entry) => entry.name === 'list-unsubscribe');
    assert.ok(unsubscribe);
    assert.equal(
      unsubscribe.field,
      `List-Unsubscribe: <https://track.sender.example/email-unsubscribe/${TOKEN}>, <mailto:unsubscribe+${TOKEN.slice(0, 24)}@sender.example?subject=unsubscribe>`,
    );
    assert.ok(unsubscribe.field.length > 76, 'long enough that folding would have happened');
    assert.ok(!unsubscribe.field.includes('\r\n'), 'not folded');
    assert.match(raw, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
  });

  it('is signed by DKIM together with List-Unsubscribe-Post, and the signature verifies', async () => {
    const raw = await buildRaw(listUnsubscribeHeaders(INPUT));
    const { valid, signedFields } = verifyDkim(raw, publicKey);
    assert.equal(valid, true);
    for (const name of ['list-unsubscribe', 'list-unsubscribe-post', 'from', 'subject', 'message-id'])
      assert.ok(signedFields.includes(name), `h= lists ${name}`);
  });

  it('breaks the signature when a relay changes the one-click header', async () => {
    const raw = await buildRaw(listUnsubscribeHeaders(INPUT));
    const tampered = raw.replace(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      'List-Unsubscribe-Post: List-Unsubscribe=Two-Clicks',
    );
    assert.notEqual(tampered, raw);
    assert.equal(verifyDkim(tampered, publicKey).valid, false);
  });

  it('adds nothing when the campaign has the header off', async () => {
    assert.deepEqual(listUnsubscribeHeaders({ ...INPUT, enabled: false }), {});
    const raw = await buildRaw(listUnsubscribeHeaders({ ...INPUT, enabled: false }));
    assert.doesNotMatch(raw, /^List-Unsubscribe/im);
  });

  it('encodes what would split a target and refuses what would end the header', () => {
    const value = (url: string) => listUnsubscribeHeaders({ ...INPUT, url })['List-Unsubscribe']?.value ?? '';
    assert.equal(
      value('https://sender.example/u?a=1,2&b=<x> y'),
      `<https://sender.example/u?a=1%2C2&b=%3Cx%3E%20y>, <mailto:${INPUT.mailto}?subject=unsubscribe>`,
    );
    // The URL parser drops CR and LF, so an injected header line cannot survive into the value.
    assert.doesNotMatch(value('https://sender.example/u\r\nBcc: victim@example.com'), /[\r\n]/);
    assert.throws(() => listUnsubscribeHeaders({ ...INPUT, url: 'http://sender.example/u' }), /must be https/);
    assert.throws(() => listUnsubscribeHeaders({ ...INPUT, url: 'https://user:pw@sender.example/u' }), /credentials/);
    assert.throws(() => listUnsubscribeHeaders({ ...INPUT, url: 'not a url' }), /not a URL/);
    assert.throws(() => listUnsubscribeHeaders({ ...INPUT, mailto: 'a@b.example>\r\nBcc: x@y.example' }), /plain e-mail address/);
    assert.throws(() => listUnsubscribeHeaders({ ...INPUT, mailto: 'a b@sender.example' }), /plain e-mail address/);
    assert.throws(() => listUnsubscribeHeaders({ ...INPUT, url: `https://sender.example/${'x'.repeat(1_000)}` }), /998/);
  });

  it('writes a custom mailto subject encoded, and accepts a mailto: prefix', () => {
    const headers = listUnsubscribeHeaders({ ...INPUT, mailto: 'mailto:stop@sender.example', mailtoSubject: 'Désabonner moi' });
    assert.match(headers['List-Unsubscribe']?.value ?? '', /<mailto:stop@sender\.example\?subject=D%C3%A9sabonner%20moi>$/);
  });

  it('names List-Unsubscribe-Post among the signed fields, which nodemailer’s default list leaves out', async () => {
    assert.ok(DKIM_SIGNED_HEADER_FIELDS.includes('List-Unsubscribe-Post'));
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    const info = await transport.sendMail({
      from: 'ann@sender.example',
      to: 'bob@recipient.example',
      subject: 'x',
      text: 'y',
      headers: listUnsubscribeHeaders(INPUT),
      dkim: { domainName: 'sender.example', keySelector: 'lf1', privateKey: PRIVATE_PEM },
    });
    const { valid, signedFields } = verifyDkim((info.message as Buffer).toString('latin1'), publicKey);
    assert.equal(valid, true);
    assert.ok(signedFields.includes('list-unsubscribe'));
    assert.ok(
      !signedFields.includes('list-unsubscribe-post'),
      'if nodemailer starts signing it by default, the explicit list can go',
    );
  });
});
