/**
 * The mail engine's calls over real HTTP: send-test-email through the engine to an SMTP server on
 * loopback (placeholders, sanitising, signature, the 422 failure of document 2 §8), the open pixel
 * and click redirect of a message the dispatcher job sent (machines flagged, unique human opens
 * and clicks), and the unsubscribe link with RFC 8058's cookieless one-click POST.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { ONE_CLICK_UNSUBSCRIBE_BODY } from '@leadforge/contracts';
import { createCredentialCipher } from '../../engines/mail/secrets/credentials';
import {
  createMailbox,
  headerOf,
  rowsOf,
  startRecordingServer,
  type MailboxSettings,
  type Owner,
  type RecordingServer,
} from '../../engines/mail/outbound/engine-fixtures';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';
import { scopeOf } from '../account/caller';
import { callerForUser } from '../account/caller';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** The body of a raw message with quoted-printable soft breaks and `=3D` undone. */
const bodyOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('mail engine calls', () => {
  let t: TestApp;
  let server: RecordingServer;
  let client: TestClient;
  let owner: Owner;
  let mailboxId: number;
  let prospectId: number;

  before(async () => {
    t = await startTestApp();
    server = await startRecordingServer();
    client = t.client();
    const email = uniqueEmail('mail-engine');
    await client.register({ email, password: STRONG_PASSWORD, name: 'Ann Owner' });
    const [user] = await rowsOf<{ id: number; account_id: number }>(t.database, sql`select id, account_id from users where email = ${email}`);
    owner = { userId: user!.id, accountId: user!.account_id };
    mailboxId = await mailboxFor(owner, { port: server.port, senderName: 'Ann from Acme', signatureHtml: '<p>Ann Owner<br>Acme Ltd</p>' });
    const listId = (await client.post('/lists/add', { type: 'prospect', name: 'Mail test' })).body.id as number;
    prospectId = (
      await client.post('/prospects-new/add', {
        listId,
        name: 'Bob Stone',
        firstName: 'Bob',
        lastName: 'Stone',
        emails: [{ email: 'bob.stone@recipient.example' }],
        companies: [{ name: 'Stone & Sons', url: 'stone.example', position: 'CTO' }],
      })
    ).body.id as number;
  });

  after(async () => {
    await t?.app.services.mailEngine.engine.close();
    await t?.close();
    await server?.close();
  });

  function mailboxFor(who: Owner, settings: MailboxSettings): Promise<number> {
    const cipher = createCredentialCipher({ dataDir: t.config.dataDir, env: { MAIL_SECRET_KEY: t.config.emailAccounts.secretKey } });
    return createMailbox(t.database, who, cipher, settings);
  }

  const testEmail = (extra: Record<string, unknown> = {}) => ({
    subject: 'Hi {{firstName}} <script>alert(1)</script>',
    body: '<p>Hello {{ firstName }} at {{companyName}}!</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://cdn.example/x.png" onerror="alert(1)">',
    email: 'me@owner.example',
    emailAccount: mailboxId,
    prospectId,
    plainTextMode: false,
    attachments: [],
    ...extra,
  });

  describe('POST /campaigns/send-test-email', () => {
    it('sends through the engine with placeholders filled, sanitised, signed, and answers once the server has answered', async () => {
      const before = server.received.length;
      const response = await client.post('/campaigns/send-test-email', testEmail());
      assert.equal(response.status, 200, response.text);
      assert.equal(server.received.length, before + 1, 'the server answered before the call did');
      const mail = server.received.at(-1)!;
      assert.deepEqual(mail.to, ['me@owner.example']);
      assert.equal(headerOf(mail.raw, 'Subject'), 'Hi Bob');
      assert.equal(headerOf(mail.raw, 'Message-ID'), response.body.messageId);
      assert.match(headerOf(mail.raw, 'From') ?? '', /Ann from Acme/);
      const body = bodyOf(mail.raw);
      assert.match(body, /Hello Bob at Stone &amp; Sons!/);
      assert.match(body, /Acme Ltd/, 'the mailbox signature');
      assert.doesNotMatch(body, /<script|onerror|javascript:/i);
      assert.doesNotMatch(body, /\/t\/o\//, 'a test is not tracked');
      const [row] = await rowsOf<{ kind: string; state: string }>(t.database, sql`select kind, state from mail_outbound where message_id = ${response.body.messageId}`);
      assert.deepEqual(row, { kind: 'test', state: 'sent' });
    });

    it('answers through /back as well, and sends plain text as text only', async () => {
      const response = await client.post('/back/campaigns/send-test-email', testEmail({ plainTextMode: true, body: 'Hello {{firstName}},\n<b>plain</b> words' }));
      assert.equal(response.status, 200, response.text);
      const raw = server.received.at(-1)!.raw;
      assert.match(headerOf(raw, 'Content-Type') ?? '', /^text\/plain/);
      assert.match(bodyOf(raw), /Hello Bob,\r?\nplain words/);
    });

    it('answers 422 with the send-email failure fields when the server refuses', async () => {
      server.answers.push({ code: 550, message: '5.1.1 <me@owner.example>: Recipient address rejected: User unknown' });
      const refused = await client.post('/campaigns/send-test-email', testEmail());
      assert.equal(refused.status, 422);
      assert.equal(refused.body.status, 422);
      assert.equal(refused.body.errors[0].key, 'send_test_email_failed');
      assert.equal(refused.body.isMailProviderError, true);
      assert.equal(refused.body.isRecipientsExceeded, false);
      assert.match(refused.body.message, /5\.1\.1.*User unknown/);

      server.answers.push({ code: 452, message: '4.5.3 Too many recipients' });
      const quota = await client.post('/campaigns/send-test-email', testEmail({ email: 'again@owner.example' }));
      assert.equal(quota.status, 422);
      assert.equal(quota.body.isRecipientsExceeded, true);
    });

    it('refuses an unknown placeholder before anything is sent', async () => {
      const before = server.received.length;
      const response = await client.post('/campaigns/send-test-email', testEmail({ subject: 'Hi {{nickname}}' }));
      assert.equal(response.status, 422);
      assert.equal(response.body.errors[0].key, 'variable_not_exist');
      assert.equal(response.body.isMailProviderError, false);
      assert.equal(server.received.length, before);
    });

    it('leaves placeholders as written without a prospect', async () => {
      const response = await client.post('/campaigns/send-test-email', testEmail({ prospectId: null, subject: 'Hi {{firstName}}', email: 'plain@owner.example' }));
      assert.equal(response.status, 200, response.text);
      assert.equal(headerOf(server.received.at(-1)!.raw, 'Subject'), 'Hi {{firstName}}');
    });

    it('says so when the address bounced for good before, or the mailbox is paused', async () => {
      // me@owner.example answered 5.1.1 above: it is on the no-send list now.
      const before = server.received.length;
      const suppressed = await client.post('/campaigns/send-test-email', testEmail());
      assert.equal(suppressed.status, 422);
      assert.equal(suppressed.body.errors[0].key, 'mail_recipient_suppressed');
      assert.equal(suppressed.body.isMailProviderError, false);
      const paused = await mailboxFor(owner, { port: server.port, status: 'paused' });
      const response = await client.post('/campaigns/send-test-email', testEmail({ emailAccount: paused, email: 'other@owner.example' }));
      assert.equal(response.status, 422);
      assert.equal(response.body.errors[0].key, 'mail_account_paused');
      assert.equal(server.received.length, before);
    });

    it('does not let another account send from this mailbox or read this prospect', async () => {
      const stranger = t.client();
      await stranger.register({ email: uniqueEmail('mail-stranger'), password: STRONG_PASSWORD, name: 'Stranger' });
      const before = server.received.length;
      assert.equal((await stranger.post('/campaigns/send-test-email', testEmail({ prospectId: null }))).status, 404);
      const [user] = await rowsOf<{ id: number; account_id: number }>(
        t.database,
        sql`select id, account_id from users where id = (select max(id) from users)`,
      );
      const own = await mailboxFor({ userId: user!.id, accountId: user!.account_id }, { port: server.port });
      assert.equal((await stranger.post('/campaigns/send-test-email', testEmail({ emailAccount: own }))).status, 404, 'the first account’s prospect');
      assert.equal(server.received.length, before);
    });

    it('answers route_not_found for a /campaigns path or method the campaigns area does not serve', async () => {
      const other = await client.post('/campaigns/check-accounts', {});
      assert.equal(other.status, 404);
      assert.equal(other.body.errors[0].key, 'route_not_found');
      assert.equal((await client.get('/campaigns/send-test-email')).body.errors[0].key, 'route_not_found');
    });
  });

  describe('a tracked message sent by the dispatcher job', () => {
    let outboundId: number;
    let pixelPath: string;
    let clickPath: string;
    let unsubscribeToken: string;

    before(async () => {
      const count = server.received.length;
      const queued = await t.app.services.mailEngine.enqueue({
        kind: 'campaign',
        owner,
        emailAccountId: mailboxId,
        to: 'carol@recipient.example',
        subject: 'Our roadmap',
        html: '<html><body><p>Carol, see <a href="https://roadmap.example/q3?ref=mail">the roadmap</a>.</p></body></html>',
        campaign: { campaignId: 1, recipientId: 1, step: 1 },
        tracking: { opens: true, clicks: true },
        unsubscribe: true,
      });
      assert.equal(queued.status, 'queued');
      if (queued.status !== 'queued') return;
      outboundId = queued.outboundId;
      await server.waitForCount(count + 1);
      const body = bodyOf(server.received.at(-1)!.raw);
      pixelPath = new URL(/src="([^"]+\/t\/o\/[^"]+)"/.exec(body)![1]!).pathname;
      clickPath = new URL(/href="([^"]+\/t\/c\/[^"]+)"/.exec(body)![1]!).pathname;
      const [link] = await rowsOf<{ id: string }>(t.database, sql`select id from mail_tracking_links where outbound_id = ${outboundId} and kind = 'unsubscribe'`);
      unsubscribeToken = link!.id;
    });

    const events = (kind: string) =>
      rowsOf<{ machine: boolean; reason: string | null }>(t.database, sql`select machine, reason from mail_tracking_events where outbound_id = ${outboundId} and kind = ${kind} order by id`);

    it('answers the pixel as an uncached image without a cookie, and flags the open that follows the send as a machine', async () => {
      const response = await fetch(`${t.url}${pixelPath}`, { headers: { 'user-agent': CHROME } });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'image/gif');
      assert.match(response.headers.get('cache-control') ?? '', /no-store/);
      assert.deepEqual(response.headers.getSetCookie(), []);
      assert.equal(Buffer.from(await response.arrayBuffer()).subarray(0, 6).toString('latin1'), 'GIF89a');
      assert.deepEqual(await events('open'), [{ machine: true, reason: 'too_soon_after_send' }]);
    });

    it('counts a person’s opens once, and image proxies never', async () => {
      await t.database.db.execute(sql`update mail_outbound set sent_at = sent_at - interval '2 hours' where id = ${outboundId}`);
      await fetch(`${t.url}${pixelPath}`, { headers: { 'user-agent': CHROME } });
      await fetch(`${t.url}${pixelPath}`, { headers: { 'user-agent': CHROME } });
      await fetch(`${t.url}${pixelPath}`, { headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)' } });
      assert.equal((await fetch(`${t.url}${pixelPath}`, { method: 'HEAD' })).status, 200);
      const opens = await events('open');
      assert.deepEqual(
        opens.map((open) => open.reason),
        ['too_soon_after_send', null, null, 'image_proxy'],
        'a HEAD is no open',
      );
      const caller = await callerForUser(t.database.db, owner.userId);
      const [engagement] = await t.app.services.mailEngine.engagement(t.database.db, scopeOf(caller), [outboundId]);
      assert.equal(engagement?.opened, true);
      assert.equal(engagement?.machineOpens, 2);
    });

    it('answers an unknown pixel with the image and a 404', async () => {
      const response = await fetch(`${t.url}/t/o/AAAAAAAAAAAAAAAAAAAAAAAA`);
      assert.equal(response.status, 404);
      assert.equal(response.headers.get('content-type'), 'image/gif');
    });

    it('redirects a click to the stored link only, and flags a HEAD as a machine', async () => {
      const click = await fetch(`${t.url}${clickPath}`, { redirect: 'manual', headers: { 'user-agent': CHROME } });
      assert.equal(click.status, 302);
      assert.equal(click.headers.get('location'), 'https://roadmap.example/q3?ref=mail');
      assert.deepEqual(click.headers.getSetCookie(), []);
      const head = await fetch(`${t.url}${clickPath}`, { method: 'HEAD', redirect: 'manual' });
      assert.equal(head.status, 302);
      assert.deepEqual(await events('click'), [
        { machine: false, reason: null },
        { machine: true, reason: 'head_request' },
      ]);
      const caller = await callerForUser(t.database.db, owner.userId);
      const [engagement] = await t.app.services.mailEngine.engagement(t.database.db, scopeOf(caller), [outboundId]);
      assert.deepEqual([engagement?.clicked, engagement?.machineClicks], [true, 1]);

      const unknown = await fetch(`${t.url}/t/c/AAAAAAAAAAAAAAAAAAAAAAAA`, { redirect: 'manual' });
      assert.equal(unknown.status, 404);
      assert.equal(unknown.headers.get('location'), null);
      // Nothing in the address names a target: a query is no way to one.
      const steered = await fetch(`${t.url}${clickPath}?url=https://evil.example/`, { redirect: 'manual' });
      assert.equal(steered.status, 400);
      assert.equal(steered.headers.get('location'), null);
      // An open pixel's token is no link.
      assert.equal((await fetch(`${t.url}${pixelPath.replace('/t/o/', '/t/c/')}`, { redirect: 'manual' })).status, 404);
    });

    it('shows what the unsubscribe link does, with the address masked', async () => {
      const response = await t.client().get(`/unsubscribe/${unsubscribeToken}`);
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { email: 'c•••@recipient.example', senderName: 'Ann from Acme', unsubscribed: false });
      assert.deepEqual(response.headers.getSetCookie(), []);
      assert.equal((await t.client().get('/unsubscribe/AAAAAAAAAAAAAAAAAAAAAAAA')).status, 404);
    });

    it('opens the campaigns remote’s page at the link’s address in a browser', async () => {
      const page = await fetch(`${t.url}/email-unsubscribe/${unsubscribeToken}`, { headers: { accept: 'text/html' } });
      assert.equal(page.status, 200);
      assert.match(await page.text(), /Leadforge test shell/);
    });

    it('takes the one-click POST of a mail provider without cookie or token, once, before the next send', async () => {
      const oneClick = () =>
        fetch(`${t.url}/email-unsubscribe/${unsubscribeToken}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(ONE_CLICK_UNSUBSCRIBE_BODY).toString(),
        });
      const first = await oneClick();
      assert.equal(first.status, 200, await first.clone().text());
      assert.deepEqual(first.headers.getSetCookie(), []);
      assert.equal((await oneClick()).status, 200, 'idempotent');
      const suppressions = await rowsOf<{ reason: string }>(
        t.database,
        sql`select reason from mail_suppressions where account_id = ${owner.accountId} and email = 'carol@recipient.example'`,
      );
      assert.deepEqual(suppressions, [{ reason: 'unsubscribe' }]);
      assert.equal((await events('unsubscribe')).length, 1);
      assert.equal((await t.client().get(`/unsubscribe/${unsubscribeToken}`)).body.unsubscribed, true);
      const again = await t.app.services.mailEngine.enqueue({
        kind: 'campaign',
        owner,
        emailAccountId: mailboxId,
        to: 'Carol@recipient.example',
        subject: 'Follow-up',
        text: 'Still there?',
        campaign: { campaignId: 1, recipientId: 1, step: 2 },
      });
      assert.deepEqual(again, { status: 'suppressed' });
    });

    it('takes the page’s own JSON POST, and a form body nowhere else', async () => {
      const page = t.client();
      const response = await page.post(`/unsubscribe/${unsubscribeToken}`, {});
      assert.deepEqual([response.status, response.body.ok], [200, true]);
      const form = await fetch(`${t.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=a%40b.example&password=x',
      });
      assert.equal(form.status, 403, 'still refused by the CSRF check first');
      const csrf = await page.csrfToken();
      const withToken = await page.request('POST', '/auth/login', {
        rawBody: 'email=a%40b.example&password=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': csrf },
      });
      assert.equal(withToken.status, 415);
    });
  });
});
