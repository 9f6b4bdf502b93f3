/**
 * A mailbox's own DKIM key over real HTTP: generated or pasted, stored only encrypted, never
 * answered or logged; mail the engine sends afterwards carries a signature that verifies with the
 * public key of the DNS record shown (checked here by RFC 6376's relaxed/relaxed rules, not by the
 * signer's code); the record is looked up on a DNS server on loopback; another account can do
 * nothing with the key.
 */
import assert from 'node:assert/strict';
import { createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { ERROR_KEYS } from '@leadforge/contracts';
import { eq, sql } from 'drizzle-orm';
import { emailAccounts } from '../../db/schema';
import {
  createMailbox,
  headerOf,
  rowsOf,
  startRecordingServer,
  type RecordingServer,
} from '../../engines/mail/outbound/engine-fixtures';
import { dkimKeyContext } from '../../engines/mail/outbound/mailbox';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';
import { startMailDns, type MailDns } from './test-peers';

const DOMAIN = 'sender.example';

// ------------------------------------------------------------------ an RFC 6376 verifier

/** The tags of a DKIM-Signature value. */
function tagsOf(value: string): Map<string, string> {
  return new Map(
    value
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map(
        (part) =>
          [part.slice(0, part.indexOf('=')).trim(), part.slice(part.indexOf('=') + 1).replace(/\s+/g, '')] as [string, string],
      ),
  );
}

/** §3.4.2: lower-case name, unfolded, runs of white space as one space, none at the ends or around the colon. */
function relaxedHeader(field: string): string {
  const at = field.indexOf(':');
  const name = field.slice(0, at).trim().toLowerCase();
  const value = field
    .slice(at + 1)
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return `${name}:${value}`;
}

/** §3.4.4: white space at line ends dropped, runs of it as one space, empty lines at the end dropped. */
function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`;
}

/**
 * Verifies the message's DKIM signature (relaxed/relaxed, rsa-sha256) with the public key of a
 * published `p=`; answers the signature's d= and s=.
 */
function verifyDkim(raw: string, publishedKey: string): { d: string; s: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split + 2);
  const body = raw.slice(split + 4);
  const fields = head.split(/\r\n(?![ \t])/).filter(Boolean);
  const signatureField = fields.find((field) => /^dkim-signature:/i.test(field));
  assert.ok(signatureField, 'the message has a DKIM-Signature');
  const tags = tagsOf(signatureField.slice(signatureField.indexOf(':') + 1));
  assert.equal(tags.get('a'), 'rsa-sha256');
  assert.equal(tags.get('c'), 'relaxed/relaxed');
  assert.equal(tags.get('bh'), createHash('sha256').update(relaxedBody(body), 'latin1').digest('base64'), 'the body hash');

  // §5.4.2: each listed name takes the last unused field of that name, from the bottom up.
  const unused = [...fields];
  const signed: string[] = [];
  for (const name of tags.get('h')!.split(':')) {
    const index = unused.findLastIndex((field) => field.slice(0, field.indexOf(':')).trim().toLowerCase() === name.toLowerCase());
    if (index < 0) continue;
    signed.push(`${relaxedHeader(unused[index]!)}\r\n`);
    unused.splice(index, 1);
  }
  const withoutSignature = relaxedHeader(signatureField).replace(/([;:]\s*b=)[^;]*$/, '$1');
  const data = Buffer.from(signed.join('') + withoutSignature, 'latin1');
  const key = createPublicKey({ key: Buffer.from(publishedKey, 'base64'), format: 'der', type: 'spki' });
  assert.ok(
    verify('RSA-SHA256', data, key, Buffer.from(tags.get('b')!, 'base64')),
    'the signature verifies with the published key',
  );
  return { d: tags.get('d')!, s: tags.get('s')! };
}

const publishedKeyOf = (recordValue: string) => /p=([A-Za-z0-9+/=]+)/.exec(recordValue)![1]!;

// ------------------------------------------------------------------ the calls

describe('a mailbox’s DKIM key', () => {
  let t: TestApp;
  let dns: MailDns;
  let server: RecordingServer;
  const lines: string[] = [];

  before(async () => {
    dns = await startMailDns({});
    server = await startRecordingServer();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await startTestApp({ jobs: false, logger: { level: 'trace', stream }, env: { DNS_SERVERS: dns.servers.join(',') } });
  });

  after(async () => {
    await t?.app.services.mailEngine.engine.close();
    await t?.close();
    await server?.close();
    await dns?.close();
  });

  /** A signed-in user with a mailbox at DOMAIN whose SMTP server is the recording one. */
  async function ownerWithMailbox(label: string): Promise<{ client: TestClient; id: number }> {
    const client = t.client();
    const email = uniqueEmail(label);
    await client.register({ email, password: STRONG_PASSWORD, name: `${label} name` });
    const [user] = await rowsOf<{ id: number; account_id: number }>(
      t.database,
      sql`select id, account_id from users where email = ${email}`,
    );
    const id = await createMailbox(
      t.database,
      { userId: user!.id, accountId: user!.account_id },
      t.app.services.emailAccounts.cipher,
      {
        email: `${label}@${DOMAIN}`,
        port: server.port,
      },
    );
    return { client, id };
  }

  const sendTest = (client: TestClient, id: number) =>
    client.post('/campaigns/send-test-email', {
      subject: 'DKIM test',
      body: '<p>Signed   words </p>',
      email: 'inbox@recipient.example',
      emailAccount: id,
    });

  const rowOf = async (id: number) => (await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, id)))[0]!;

  it('generates a key: answers the DNS record and never the private key, keeps it encrypted, and signs the mail sent afterwards with it', async () => {
    const { client, id } = await ownerWithMailbox('generated');
    const response = await client.put(`/email-account/${id}/dkim`, { selector: 'LF2 ' });
    assert.equal(response.status, 200, response.text);
    const dkim = response.body.account.dkim;
    assert.equal(dkim.selector, 'lf2');
    assert.equal(dkim.domain, DOMAIN);
    assert.equal(dkim.verifiedAt, null);
    assert.deepEqual(Object.keys(dkim).sort(), ['domain', 'record', 'selector', 'verifiedAt']);
    assert.equal(dkim.record.type, 'TXT');
    assert.equal(dkim.record.name, `lf2._domainkey.${DOMAIN}`);
    assert.match(dkim.record.value, /^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);
    const publicKey = createPublicKey({
      key: Buffer.from(publishedKeyOf(dkim.record.value), 'base64'),
      format: 'der',
      type: 'spki',
    });
    assert.equal(publicKey.asymmetricKeyDetails?.modulusLength, 2048);

    // Stored sealed for this mailbox's key context; it opens to the private half of the record's key.
    const row = await rowOf(id);
    assert.ok(row.dkimPrivateKey && !row.dkimPrivateKey.includes('PRIVATE KEY'));
    const pem = t.app.services.emailAccounts.cipher.decrypt(row.dkimPrivateKey, dkimKeyContext(id));
    assert.equal(
      createPublicKey(pem).export({ type: 'spki', format: 'der' }).toString('base64'),
      publishedKeyOf(dkim.record.value),
    );
    assert.throws(() => t.app.services.emailAccounts.cipher.decrypt(row.dkimPrivateKey!, dkimKeyContext(id + 1)));
    const keyBody = pem.split('\n')[1]!;
    for (const text of [
      response.text,
      (await client.get('/email-account/list')).text,
      (await client.get(`/email-account/${id}`)).text,
    ]) {
      assert.doesNotMatch(text, /PRIVATE KEY/);
      assert.ok(!text.includes(keyBody), 'the private key was answered');
    }
    assert.deepEqual((await client.get(`/email-account/${id}`)).body.account.dkim, dkim);

    const sent = await sendTest(client, id);
    assert.equal(sent.status, 200, sent.text);
    const mail = server.received.find((candidate) => headerOf(candidate.raw, 'Message-ID') === sent.body.messageId)!;
    assert.deepEqual(verifyDkim(mail.raw, publishedKeyOf(dkim.record.value)), { d: DOMAIN, s: 'lf2' });
  });

  it('takes the owner’s own RSA key in PKCS#1 or PKCS#8 PEM, and refuses anything else with the key kept', async () => {
    const { client, id } = await ownerWithMailbox('own-key');
    const own = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const ownPublic = own.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const pkcs1 = own.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const set = await client.put(`/email-account/${id}/dkim`, { selector: 'mail', privateKey: `\n${pkcs1}\n` });
    assert.equal(set.status, 200, set.text);
    assert.equal(set.body.account.dkim.record.value, `v=DKIM1; k=rsa; p=${ownPublic}`);
    assert.ok(!set.text.includes(pkcs1.split('\n')[1]!));

    const pkcs8 = await client.put(`/email-account/${id}/dkim`, {
      selector: 'mail',
      privateKey: own.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    assert.equal(pkcs8.status, 200, pkcs8.text);
    assert.equal(pkcs8.body.account.dkim.record.value, `v=DKIM1; k=rsa; p=${ownPublic}`);

    const refused = {
      garbage: 'not a key at all',
      'a public key': own.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      'an Ed25519 key, which the signer cannot use': generateKeyPairSync('ed25519')
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      'an RSA key under 1024 bits': generateKeyPairSync('rsa', { modulusLength: 768 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      'a key locked by a passphrase': own.privateKey
        .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' })
        .toString(),
      'a truncated key': [...pkcs1.split('\n').slice(0, 4), '-----END RSA PRIVATE KEY-----'].join('\n'),
    };
    for (const [what, privateKey] of Object.entries(refused)) {
      const response = await client.put(`/email-account/${id}/dkim`, { selector: 'other', privateKey });
      assert.equal(response.status, 422, `${what}: ${response.text}`);
      assert.deepEqual(
        response.body.errors.map((error: { key: string; field: string }) => [error.key, error.field]),
        [['dkim_key_invalid', 'privateKey']],
        what,
      );
      assert.ok(ERROR_KEYS.includes(response.body.errors[0].key));
      assert.ok(response.body.errors[0].description.length > 0);
    }
    for (const selector of ['has_underscore', '-edge', 'a'.repeat(64), '']) {
      assert.equal((await client.put(`/email-account/${id}/dkim`, { selector })).status, 400, selector);
    }
    const kept = (await client.get(`/email-account/${id}`)).body.account.dkim;
    assert.deepEqual([kept.selector, kept.record.value], ['mail', `v=DKIM1; k=rsa; p=${ownPublic}`]);

    // Signed with the owner's key, under the default selector when none is given.
    const defaulted = await client.put(`/email-account/${id}/dkim`, { privateKey: pkcs1 });
    assert.equal(defaulted.body.account.dkim.selector, 'lf1');
    const sent = await sendTest(client, id);
    const mail = server.received.find((candidate) => headerOf(candidate.raw, 'Message-ID') === sent.body.messageId)!;
    assert.deepEqual(verifyDkim(mail.raw, ownPublic), { d: DOMAIN, s: 'lf1' });
  });

  it('checks the TXT record on DNS: verified when it carries the key, not when it is missing or carries another one', async () => {
    const { client, id } = await ownerWithMailbox('check');
    const noKey = await client.post(`/email-account/${id}/dkim/check`);
    assert.equal(noKey.status, 422);
    assert.equal(noKey.body.errors[0].key, 'dkim_key_missing');

    const dkim = (await client.put(`/email-account/${id}/dkim`, { selector: 'lf1' })).body.account.dkim;
    const check = () => client.post(`/email-account/${id}/dkim/check`);
    const missing = await check();
    assert.equal(missing.status, 200, missing.text);
    assert.deepEqual(
      [missing.body.verified, missing.body.errorKey, missing.body.found, missing.body.dkim.verifiedAt],
      [false, 'dkim_record_missing', [], null],
    );

    // Another TXT record at the name is not a key record.
    dns.set(dkim.record.name, { txt: ['google-site-verification=abc'] });
    assert.equal((await check()).body.errorKey, 'dkim_record_missing');

    const other = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'der' })
      .toString('base64');
    dns.set(dkim.record.name, { txt: [`v=DKIM1; k=rsa; p=${other}`] });
    const mismatch = await check();
    assert.deepEqual(
      [mismatch.body.verified, mismatch.body.errorKey, mismatch.body.found],
      [false, 'dkim_record_mismatch', [`v=DKIM1; k=rsa; p=${other}`]],
    );

    // Published as the DNS host splits it: several strings of at most 255 characters.
    assert.ok(dkim.record.value.length > 255);
    dns.set(dkim.record.name, { txt: ['v=spf1 -all', dkim.record.value] });
    const verified = await check();
    assert.equal(verified.status, 200, verified.text);
    assert.deepEqual(
      [verified.body.verified, verified.body.errorKey, verified.body.found],
      [true, null, ['v=spf1 -all', dkim.record.value]],
    );
    assert.equal(typeof verified.body.dkim.verifiedAt, 'string');
    assert.equal((await client.get(`/email-account/${id}`)).body.account.dkim.verifiedAt, verified.body.dkim.verifiedAt);
    // Checked again, it stays verified since the first time.
    assert.equal((await check()).body.dkim.verifiedAt, verified.body.dkim.verifiedAt);

    // A new key is unverified until checked, and the old record no longer matches it.
    const replaced = await client.put(`/email-account/${id}/dkim`, { selector: 'lf1' });
    assert.equal(replaced.body.account.dkim.verifiedAt, null);
    const stale = await check();
    assert.deepEqual(
      [stale.body.verified, stale.body.errorKey, stale.body.dkim.verifiedAt],
      [false, 'dkim_record_mismatch', null],
    );
  });

  it('removes the key: mail leaves without a DKIM signature', async () => {
    const { client, id } = await ownerWithMailbox('removed');
    await client.put(`/email-account/${id}/dkim`, { selector: 'lf1' });
    const removed = await client.delete(`/email-account/${id}/dkim`);
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.body.account.dkim, null);
    const row = await rowOf(id);
    assert.deepEqual([row.dkimSelector, row.dkimPrivateKey, row.dkimPublicKey, row.dkimVerifiedAt], [null, null, null, null]);
    assert.equal((await client.delete(`/email-account/${id}/dkim`)).status, 200, 'removing twice is no error');

    const sent = await sendTest(client, id);
    assert.equal(sent.status, 200, sent.text);
    const mail = server.received.find((candidate) => headerOf(candidate.raw, 'Message-ID') === sent.body.messageId)!;
    assert.equal(headerOf(mail.raw, 'DKIM-Signature'), null);
  });

  it('never lets another account set, check or remove a mailbox’s key', async () => {
    const { client, id } = await ownerWithMailbox('dkim-owner');
    const dkim = (await client.put(`/email-account/${id}/dkim`, { selector: 'lf1' })).body.account.dkim;
    const before = await rowOf(id);
    const stranger = t.client();
    await stranger.register({ email: uniqueEmail('dkim-stranger'), password: STRONG_PASSWORD, name: 'Stranger' });
    const own = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    for (const call of [
      () => stranger.put(`/email-account/${id}/dkim`, { selector: 'taken' }),
      () => stranger.put(`/email-account/${id}/dkim`, { selector: 'taken', privateKey: own }),
      () => stranger.post(`/email-account/${id}/dkim/check`),
      () => stranger.delete(`/email-account/${id}/dkim`),
    ]) {
      const response = await call();
      assert.equal(response.status, 404, response.text);
      assert.ok(!response.text.includes(publishedKeyOf(dkim.record.value)) && !response.text.includes(DOMAIN));
    }
    const afterwards = await rowOf(id);
    assert.deepEqual(
      [afterwards.dkimSelector, afterwards.dkimPrivateKey, afterwards.dkimPublicKey],
      [before.dkimSelector, before.dkimPrivateKey, before.dkimPublicKey],
    );
  });

  it('never writes a private key to the log', async () => {
    const { client, id } = await ownerWithMailbox('dkim-logs');
    const pem = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' })
      .toString();
    assert.equal((await client.put(`/email-account/${id}/dkim`, { selector: 'logged', privateKey: pem })).status, 200);
    await client.put(`/email-account/${id}/dkim`, { selector: 'logged', privateKey: `${pem.slice(0, 200)}broken` });
    await client.put(`/email-account/${id}/dkim`, { selector: 'logged' });
    const generated = t.app.services.emailAccounts.cipher.decrypt((await rowOf(id)).dkimPrivateKey!, dkimKeyContext(id));
    const log = lines.join('');
    assert.match(log, /\/dkim/);
    for (const key of [pem, generated]) {
      for (const line of key.split('\n').filter((text) => text.length > 40))
        assert.ok(!log.includes(line), 'a private key reached the log');
    }
  });
});
