/**
 * The email-accounts calls over real HTTP, against real servers on loopback: an SMTP submission
 * server that checks passwords (smtp-server), Dovecot as the IMAP server, and a DNS server
 * answering the mail hosts and the tracking domains' CNAMEs.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { ERROR_KEYS, ONBOARDING_STEPS } from '@leadforge/contracts';
import { and, eq } from 'drizzle-orm';
import { emailAccounts, mailboxDailyUsage, mailOutbound, subscriptions, users } from '../../db/schema';
import { startImapPeer, type ImapPeer } from '../../test-support/imap-peer';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';
import { openCredentials } from './credentials';
import { startMailDns, startSmtpSubmissionPeer, type MailDns, type SmtpSubmissionPeer } from './test-peers';

const MAILBOX = 'ada@mailbox.test';
const SMTP_PASSWORD = 'Smtp-App-Password-71';
const IMAP_PASSWORD = 'Imap-App-Password-93';
const PUBLIC_HOST = 'app.leadforge.test';

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('email accounts', () => {
  let t: TestApp;
  let dns: MailDns;
  let smtp: SmtpSubmissionPeer;
  let imap: ImapPeer;
  let owner: TestClient;
  let deadPort: number;

  const servers = (overrides: { smtp?: object; imap?: object } = {}) => ({
    smtp: { host: 'smtp.mailbox.test', port: smtp.port, security: 'none', password: SMTP_PASSWORD, ...overrides.smtp },
    imap: { host: 'imap.mailbox.test', port: imap.port, security: 'none', password: IMAP_PASSWORD, ...overrides.imap },
  });

  async function signedIn(label: string, teamCode?: string) {
    const client = t.client();
    const email = uniqueEmail(label);
    await client.register({ email, password: STRONG_PASSWORD, name: `${label} name`, ...(teamCode ? { teamCode } : {}) });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    return { client, user: user! };
  }

  /** A mailbox row of a user as the engines' tests make them: no server is asked. */
  async function insertMailbox(user: { id: number; accountId: number }, email: string, values: Partial<typeof emailAccounts.$inferInsert> = {}) {
    const [row] = await t.database.db
      .insert(emailAccounts)
      .values({ userId: user.id, accountId: user.accountId, email, smtpHost: 'smtp.mailbox.test', smtpPort: 587, smtpSecurity: 'starttls', smtpUser: email, ...values })
      .returning();
    return row!;
  }

  before(async () => {
    dns = await startMailDns({
      'smtp.mailbox.test': { a: ['127.0.0.1'] },
      'imap.mailbox.test': { a: ['127.0.0.1'] },
      'intranet.mailbox.test': { a: ['10.20.30.40'] },
      'track.customer.test': { cname: PUBLIC_HOST },
      'astray.customer.test': { cname: 'tracking.elsewhere.test' },
      'bare.customer.test': { a: ['192.0.2.10'] },
    });
    smtp = await startSmtpSubmissionPeer({ [MAILBOX]: SMTP_PASSWORD, 'grace@mailbox.test': SMTP_PASSWORD });
    // Grace uses one password for both servers.
    imap = await startImapPeer({ users: { [MAILBOX]: { password: IMAP_PASSWORD }, 'grace@mailbox.test': { password: SMTP_PASSWORD } } });
    deadPort = await closedPort();
    t = await startTestApp({
      jobs: false,
      env: {
        DNS_SERVERS: dns.servers.join(','),
        // Only the loopback address the peers listen on; 10.0.0.0/8 stays refused.
        MAIL_ALLOW_PRIVATE: '127.0.0.1/32',
        MAIL_OAUTH_SANDBOX: 'true',
        PUBLIC_URL: `http://${PUBLIC_HOST}`,
      },
    });
    owner = (await signedIn('owner')).client;
  });

  after(async () => {
    await t?.close();
    await imap?.stop();
    await smtp?.close();
    await dns?.close();
  });

  describe('test connection', () => {
    it('passes every step of a working SMTP and IMAP pair', async () => {
      const response = await owner.post('/email-account/test-connection', { email: MAILBOX, ...servers() });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.ok, true);
      assert.equal(response.body.failed, null);
      assert.deepEqual(
        response.body.steps.map((step: { server: string; step: string; ok: boolean }) => `${step.server}:${step.step}:${step.ok}`),
        ['smtp:dns:true', 'smtp:tcp:true', 'smtp:smtp_auth:true', 'imap:dns:true', 'imap:tcp:true', 'imap:imap_login:true', 'imap:imap_select:true'],
      );
    });

    const cases: { name: string; body: () => object; server: string; step: string; key: string }[] = [
      { name: 'a wrong SMTP password', body: () => servers({ smtp: { password: 'not-it' } }), server: 'smtp', step: 'smtp_auth', key: 'mail_smtp_auth_failed' },
      { name: 'a wrong IMAP password', body: () => servers({ imap: { password: 'not-it' } }), server: 'imap', step: 'imap_login', key: 'mail_imap_login_failed' },
      { name: 'a port nothing listens on', body: () => servers({ smtp: { port: deadPort } }), server: 'smtp', step: 'tcp', key: 'mail_tcp_failed' },
      { name: 'TLS asked of a plain SMTP server', body: () => servers({ smtp: { security: 'tls' } }), server: 'smtp', step: 'tls', key: 'mail_tls_failed' },
      { name: 'STARTTLS asked of an SMTP server without it', body: () => servers({ smtp: { security: 'starttls' } }), server: 'smtp', step: 'tls', key: 'mail_tls_failed' },
      { name: 'TLS asked of a plain IMAP server', body: () => servers({ imap: { security: 'tls' } }), server: 'imap', step: 'tls', key: 'mail_tls_failed' },
      { name: 'a server name that does not exist', body: () => servers({ imap: { host: 'nowhere.mailbox.test' } }), server: 'imap', step: 'dns', key: 'mail_dns_failed' },
      { name: 'a server inside a private network', body: () => servers({ smtp: { host: 'intranet.mailbox.test' } }), server: 'smtp', step: 'dns', key: 'mail_host_not_allowed' },
      { name: 'a private address typed as such', body: () => servers({ smtp: { host: '169.254.169.254' } }), server: 'smtp', step: 'dns', key: 'mail_host_not_allowed' },
    ];
    for (const testCase of cases) {
      it(`names the failing step for ${testCase.name}`, async () => {
        const response = await owner.post('/email-account/test-connection', { email: MAILBOX, ...testCase.body() });
        assert.equal(response.status, 200, response.text);
        assert.equal(response.body.ok, false);
        assert.equal(response.body.failed.server, testCase.server, response.text);
        assert.equal(response.body.failed.step, testCase.step, response.text);
        assert.equal(response.body.failed.errorKey, testCase.key, response.text);
        assert.ok(ERROR_KEYS.includes(response.body.failed.errorKey));
        // The steps before the failing one passed; nothing after it was tried on that server.
        const ofServer = response.body.steps.filter((step: { server: string }) => step.server === testCase.server);
        assert.deepEqual(ofServer.at(-1), response.body.failed);
        assert.ok(ofServer.slice(0, -1).every((step: { ok: boolean }) => step.ok));
        assert.ok(!response.text.includes(SMTP_PASSWORD) && !response.text.includes(IMAP_PASSWORD) && !response.text.includes('not-it'));
      });
    }

    it('refuses a server the form did not fill', async () => {
      const response = await owner.post('/email-account/test-connection', { email: MAILBOX, smtp: servers().smtp });
      assert.equal(response.status, 400);
    });
  });

  describe('connecting a mailbox', () => {
    it('tests both servers, stores the passwords encrypted for this mailbox only, answers none of them and counts the onboarding step', async () => {
      const { client } = await signedIn('connect');
      const response = await client.post('/email-account/create', {
        email: MAILBOX,
        senderName: 'Ada Lovelace',
        ...servers(),
        dailyLimit: 40,
        sendingWindow: { timeZone: 'Europe/Berlin', days: [{ day: 'mon', from: 540, to: 1020 }] },
        signatureHtml: '<p>Ada <script>alert(1)</script><a href="javascript:alert(2)" onclick="x()">site</a></p>',
      });
      assert.equal(response.status, 200, response.text);
      const account = response.body.account;
      assert.equal(account.email, MAILBOX);
      assert.equal(account.provider, 'smtp');
      assert.equal(account.status, 'active');
      assert.deepEqual(account.smtp, { host: 'smtp.mailbox.test', port: smtp.port, security: 'none', user: MAILBOX });
      assert.equal(account.dailyLimit, 40);
      assert.equal(account.minGapSeconds, 60);
      assert.equal(account.sentToday, 0);
      assert.equal(account.firstSyncDays, 30);
      assert.doesNotMatch(account.signatureHtml, /script|javascript|onclick/);
      for (const secret of [SMTP_PASSWORD, IMAP_PASSWORD]) assert.ok(!response.text.includes(secret));

      const [row] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, account.id));
      assert.ok(row!.credentials && !row!.credentials.includes(SMTP_PASSWORD) && !row!.credentials.includes(IMAP_PASSWORD));
      assert.deepEqual(openCredentials(t.app.services.emailAccounts.cipher, account.id, row!.credentials), { smtpPassword: SMTP_PASSWORD, imapPassword: IMAP_PASSWORD });
      // Bound to the mailbox: the same ciphertext on another row does not open.
      assert.throws(() => openCredentials(t.app.services.emailAccounts.cipher, account.id + 1, row!.credentials!));

      const listed = await client.get('/email-account/list');
      assert.equal(listed.status, 200);
      assert.deepEqual(listed.body.items.map((item: { id: number }) => item.id), [account.id]);
      for (const secret of [SMTP_PASSWORD, IMAP_PASSWORD]) assert.ok(!listed.text.includes(secret));

      const game = await client.get('/game');
      assert.equal(game.body.steps.find((step: { step: number }) => step.step === ONBOARDING_STEPS.addEmailAccount).completed, true);

      const again = await client.post('/email-account/create', { email: MAILBOX.toUpperCase(), ...servers() });
      assert.equal(again.status, 409);
      assert.equal(again.body.errors[0].key, 'email_account_exists');
    });

    it('saves nothing when a server refuses, and points the form at the field', async () => {
      const { client } = await signedIn('refused');
      const response = await client.post('/email-account/create', { email: MAILBOX, ...servers({ imap: { password: 'wrong-one' } }) });
      assert.equal(response.status, 422);
      assert.deepEqual(response.body.errors.map((error: { key: string; field: string }) => [error.key, error.field]), [['mail_imap_login_failed', 'imap.password']]);
      assert.equal((await client.get('/email-account/list')).body.total, 0);
    });

    it('uses the SMTP password for IMAP when only one is given, and shows what the mailbox sent today', async () => {
      const { client } = await signedIn('shared-password');
      const response = await client.post('/email-account/create', {
        email: 'grace@mailbox.test',
        smtp: servers().smtp,
        imap: { host: 'imap.mailbox.test', port: imap.port, security: 'none' },
      });
      assert.equal(response.status, 200, response.text);
      const id = response.body.account.id as number;
      const today = new Date().toISOString().slice(0, 10);
      await t.database.db.insert(mailboxDailyUsage).values({ emailAccountId: id, day: today, sent: 7, warmup: 3 });
      const got = await client.get(`/email-account/${id}`);
      assert.equal(got.body.account.sentToday, 7);
    });
  });

  describe('editing', () => {
    it('changes settings, refuses a gap whose minimum passes its maximum, and pauses and resumes', async () => {
      const { client, user } = await signedIn('edit');
      const row = await insertMailbox(user, 'edit@mailbox.test');
      const patch = (body: object) => client.request('PATCH', `/email-account/${row.id}`, { body });

      const changed = await patch({ senderName: 'Edith', minGapSeconds: 30, maxGapSeconds: 90, firstEmailDailyLimit: 10, replyTo: 'replies@mailbox.test', firstSyncDays: 90 });
      assert.equal(changed.status, 200, changed.text);
      assert.equal(changed.body.account.senderName, 'Edith');
      assert.equal(changed.body.account.firstEmailDailyLimit, 10);
      assert.equal(changed.body.account.firstSyncDays, 90);
      assert.equal((await patch({ minGapSeconds: 500 })).body.errors[0].field, 'minGapSeconds');
      assert.equal((await patch({ minGapSeconds: 50, maxGapSeconds: 40 })).status, 400);
      assert.equal((await patch({ firstSyncDays: 7 })).status, 400);
      assert.equal((await patch({ sendingWindow: { timeZone: 'Mars/Olympus', days: [] } })).status, 400);

      const paused = await client.put(`/email-account/${row.id}/status`, { status: 'paused' });
      assert.equal(paused.body.account.status, 'paused');
      const resumed = await client.put(`/email-account/${row.id}/status`, { status: 'active' });
      assert.equal(resumed.body.account.status, 'active');

      await t.database.db.update(emailAccounts).set({ status: 'reconnect', statusReason: 'smtp_auth' }).where(eq(emailAccounts.id, row.id));
      const refused = await client.put(`/email-account/${row.id}/status`, { status: 'active' });
      assert.equal(refused.status, 422);
      assert.equal(refused.body.errors[0].key, 'email_account_needs_reconnect');

      // New working credentials reconnect it.
      const wrong = await client.put(`/email-account/${row.id}/credentials`, { ...servers({ smtp: { password: 'nope' } }) });
      assert.equal(wrong.body.errors[0].key, 'mail_smtp_auth_failed');
      await t.database.db.update(emailAccounts).set({ email: MAILBOX }).where(eq(emailAccounts.id, row.id));
      const reconnected = await client.put(`/email-account/${row.id}/credentials`, servers());
      assert.equal(reconnected.status, 200, reconnected.text);
      assert.equal(reconnected.body.account.status, 'active');
      assert.equal(reconnected.body.account.statusReason, null);

      // The saved passwords test again without being typed, on the saved servers only.
      const retest = await client.post('/email-account/test-connection', { emailAccountId: row.id });
      assert.equal(retest.body.ok, true, retest.text);
      const elsewhere = await client.post('/email-account/test-connection', {
        emailAccountId: row.id,
        smtp: { host: '127.0.0.1', port: smtp.port, security: 'none' },
        imap: { host: 'imap.mailbox.test', port: imap.port, security: 'none' },
      });
      assert.equal(elsewhere.status, 400);
      assert.equal(elsewhere.body.errors[0].field, 'smtp.password');
    });

    it('offers and enforces the plan’s daily maximum per mailbox', async () => {
      const { client, user } = await signedIn('plan-cap');
      const row = await insertMailbox(user, 'plan-cap@mailbox.test');
      const onPlan = (planName: string) => t.database.db.update(subscriptions).set({ planName, endsAt: null }).where(eq(subscriptions.accountId, user.accountId));
      const patch = (body: object) => client.request('PATCH', `/email-account/${row.id}`, { body });

      await onPlan('FREE');
      assert.equal((await client.get('/email-account/list')).body.dailyLimitMax, 50);
      const above = await patch({ dailyLimit: 51 });
      assert.equal(above.status, 422);
      assert.deepEqual(above.body.errors.map((error: { key: string; field?: string }) => [error.key, error.field]), [['mailbox_daily_limit_plan', 'dailyLimit']]);
      assert.equal((await patch({ firstEmailDailyLimit: 60 })).body.errors[0].field, 'firstEmailDailyLimit');
      assert.equal((await patch({ dailyLimit: 50 })).body.account.dailyLimit, 50);

      await onPlan('XXL');
      assert.equal((await client.get('/email-account/list')).body.dailyLimitMax, 2_000);
      assert.equal((await patch({ dailyLimit: 2_000 })).body.account.dailyLimit, 2_000);
    });

    it('checks the tracking domain’s CNAME against the public host on a DNS server', async () => {
      const { client, user } = await signedIn('tracking');
      const row = await insertMailbox(user, 'track@mailbox.test');
      const check = () => client.post(`/email-account/${row.id}/tracking-domain/check`);
      const missing = await check();
      assert.equal(missing.status, 422);
      assert.equal(missing.body.errors[0].key, 'tracking_domain_missing');
      assert.equal((await client.request('PATCH', `/email-account/${row.id}`, { body: { trackingDomain: 'https://track.customer.test/x' } })).status, 400);
      assert.equal((await client.request('PATCH', `/email-account/${row.id}`, { body: { trackingDomain: PUBLIC_HOST } })).body.errors[0].key, 'tracking_domain_invalid');

      await client.request('PATCH', `/email-account/${row.id}`, { body: { trackingDomain: 'Track.Customer.test' } });
      const verified = await check();
      assert.equal(verified.status, 200, verified.text);
      assert.deepEqual({ ...verified.body, verifiedAt: typeof verified.body.verifiedAt }, {
        domain: 'track.customer.test',
        target: PUBLIC_HOST,
        verified: true,
        verifiedAt: 'string',
        found: [PUBLIC_HOST],
        errorKey: null,
      });
      assert.ok((await client.get(`/email-account/${row.id}`)).body.account.trackingDomainVerifiedAt);

      const moved = await client.request('PATCH', `/email-account/${row.id}`, { body: { trackingDomain: 'astray.customer.test' } });
      assert.equal(moved.body.account.trackingDomainVerifiedAt, null);
      const astray = await check();
      assert.deepEqual([astray.body.verified, astray.body.found, astray.body.errorKey], [false, ['tracking.elsewhere.test'], 'tracking_domain_cname_mismatch']);
      await client.request('PATCH', `/email-account/${row.id}`, { body: { trackingDomain: 'bare.customer.test' } });
      assert.equal((await check()).body.errorKey, 'tracking_domain_cname_missing');
    });
  });

  describe('teamwork and deletion', () => {
    it('lists the mailboxes a team shares, with their owners, to every member; a solo user has none', async () => {
      const lead = await signedIn('lead');
      const joinCode = (await lead.client.post('/team/join-code')).body.joinCode as string;
      const member = await signedIn('member', joinCode);
      const shared = await insertMailbox(lead.user, 'shared@mailbox.test');
      await insertMailbox(lead.user, 'private@mailbox.test');
      const memberOwn = await insertMailbox(member.user, 'member-box@mailbox.test');

      const on = await lead.client.put(`/email-account/${shared.id}/teamwork`, { shared: true });
      assert.equal(on.body.account.sharedWithTeam, true);
      await member.client.put(`/email-account/${memberOwn.id}/teamwork`, { shared: true });

      const seen = await member.client.get('/team/email-accounts');
      assert.equal(seen.status, 200);
      const items = seen.body.items.map((item: { email: string; owner: { name: string }; isOwn: boolean }) => [item.email, item.owner.name, item.isOwn]);
      assert.deepEqual(
        items.sort((a: string[], b: string[]) => a[0]!.localeCompare(b[0]!)),
        [
          ['member-box@mailbox.test', 'member name', true],
          ['shared@mailbox.test', 'lead name', false],
        ],
      );
      // A teammate's mailbox is shown in the team list, never editable by the member.
      assert.equal((await member.client.put(`/email-account/${shared.id}/status`, { status: 'paused' })).status, 404);

      await lead.client.put(`/email-account/${shared.id}/teamwork`, { shared: false });
      assert.deepEqual((await member.client.get('/team/email-accounts')).body.items.map((item: { email: string }) => item.email), ['member-box@mailbox.test']);

      const solo = await signedIn('solo');
      const soloBox = await insertMailbox(solo.user, 'solo@mailbox.test', { sharedWithTeam: true });
      assert.ok(soloBox.id);
      assert.deepEqual((await solo.client.get('/team/email-accounts')).body, { items: [] });
    });

    it('deletes a mailbox after saying how many queued messages it cancels, and cancels exactly those', async () => {
      const { client, user } = await signedIn('delete');
      const row = await insertMailbox(user, 'leaving@mailbox.test', { sharedWithTeam: true });
      const message = (state: string, campaignId: number | null, n: number) => ({
        accountId: user.accountId,
        userId: user.id,
        emailAccountId: row.id,
        kind: campaignId ? 'campaign' : 'single',
        campaignId,
        recipientId: campaignId ? n : null,
        step: campaignId ? 1 : null,
        idempotencyKey: campaignId ? null : `single-${row.id}-${n}`,
        toAddress: `to${n}@example.test`,
        subject: 'Hello',
        messageId: `m${row.id}.${n}@leadforge.test`,
        state,
      });
      await t.database.db.insert(mailOutbound).values([
        message('queued', 11, 1),
        message('queued', 11, 2),
        message('retry', 12, 3),
        message('queued', null, 4),
        message('sending', 11, 5),
        message('sent', 11, 6),
      ]);

      const usage = await client.get(`/email-account/${row.id}/usage`);
      assert.equal(usage.status, 200);
      assert.deepEqual(usage.body, { queuedMessages: 4, campaigns: 2, sentToday: 0, dailyLimit: 30 });

      const deleted = await client.delete(`/email-account/${row.id}`);
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual(deleted.body, { ok: true, cancelledMessages: 4 });
      const states = await t.database.db
        .select({ state: mailOutbound.state, lastError: mailOutbound.lastError })
        .from(mailOutbound)
        .where(eq(mailOutbound.emailAccountId, row.id));
      assert.deepEqual(states.map((state) => `${state.state}:${state.lastError ?? ''}`).sort(), [
        'failed:mailbox_deleted',
        'failed:mailbox_deleted',
        'failed:mailbox_deleted',
        'failed:mailbox_deleted',
        'sending:',
        'sent:',
      ]);
      assert.equal((await client.get(`/email-account/${row.id}`)).status, 404);
      assert.equal((await client.get('/email-account/list')).body.total, 0);
      assert.equal((await client.delete(`/email-account/${row.id}`)).status, 404);
      // The address can be connected again.
      assert.ok(await insertMailbox(user, 'leaving@mailbox.test'));
    });

    it('never lets another account read, change or delete a mailbox', async () => {
      const mine = await signedIn('mine');
      const row = await insertMailbox(mine.user, 'mine@mailbox.test', { senderName: 'Secret Sender' });
      const stranger = await signedIn('stranger');
      const calls = [
        () => stranger.client.get(`/email-account/${row.id}`),
        () => stranger.client.request('PATCH', `/email-account/${row.id}`, { body: { senderName: 'Taken' } }),
        () => stranger.client.put(`/email-account/${row.id}/status`, { status: 'paused' }),
        () => stranger.client.put(`/email-account/${row.id}/teamwork`, { shared: true }),
        () => stranger.client.put(`/email-account/${row.id}/credentials`, servers()),
        () => stranger.client.get(`/email-account/${row.id}/usage`),
        () => stranger.client.post(`/email-account/${row.id}/tracking-domain/check`),
        () => stranger.client.post('/email-account/test-connection', { emailAccountId: row.id }),
        () => stranger.client.delete(`/email-account/${row.id}`),
      ];
      for (const call of calls) {
        const response = await call();
        assert.equal(response.status, 404, response.text);
        assert.doesNotMatch(response.text, /Secret Sender|mine@mailbox/);
      }
      assert.equal((await stranger.client.get('/email-account/list')).body.total, 0);
      const [after] = await t.database.db.select().from(emailAccounts).where(and(eq(emailAccounts.id, row.id)));
      assert.deepEqual([after!.senderName, after!.status, after!.sharedWithTeam, after!.deletedAt, after!.smtpPort], ['Secret Sender', 'active', false, null, 587]);
    });
  });

  describe('logs', () => {
    let logged: TestApp;
    const lines: string[] = [];

    before(async () => {
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      });
      logged = await startTestApp({
        jobs: false,
        logger: { level: 'trace', stream },
        env: { DNS_SERVERS: dns.servers.join(','), MAIL_ALLOW_PRIVATE: '127.0.0.1/32' },
      });
    });
    after(() => logged?.close());

    it('never carry a password given to create, test or reconnect a mailbox', async () => {
      const client = logged.client();
      await client.register({ email: uniqueEmail('logs'), password: STRONG_PASSWORD });
      const wrongSmtp = 'Wrong-Smtp-Password-17';
      const wrongImap = 'Wrong-Imap-Password-29';
      await client.post('/email-account/test-connection', { email: MAILBOX, ...servers({ smtp: { password: wrongSmtp }, imap: { password: wrongImap } }) });
      await client.post('/email-account/create', { email: MAILBOX, ...servers({ imap: { password: wrongImap } }) });
      const created = await client.post('/email-account/create', { email: MAILBOX, ...servers() });
      assert.equal(created.status, 200, created.text);
      await client.put(`/email-account/${created.body.account.id}/credentials`, servers({ smtp: { password: wrongSmtp } }));
      await client.post('/email-account/test-connection', { emailAccountId: created.body.account.id });
      // Without an OAuth provider the start is refused, and says so.
      assert.deepEqual((await client.get('/email-account/oauth/providers')).body, { google: 'off', microsoft: 'off' });
      assert.equal((await client.get('/email-account/oauth/google/start')).body.errors[0].key, 'mail_oauth_unavailable');

      const log = lines.join('');
      assert.match(log, /\/email-account\/create/);
      for (const secret of [SMTP_PASSWORD, IMAP_PASSWORD, wrongSmtp, wrongImap]) assert.ok(!log.includes(secret), 'a password reached the log');
    });
  });

  describe('OAuth through the offline sandbox', () => {
    const stateOf = (location: string) => new URL(location, 'http://x').searchParams.get('state')!;

    it('starts, consents on a page that says it is a sandbox, and connects a mailbox labelled sandbox', async () => {
      const { client } = await signedIn('oauth');
      assert.deepEqual((await client.get('/email-account/oauth/providers')).body, { google: 'sandbox', microsoft: 'sandbox' });

      const start = await client.get('/email-account/oauth/google/start');
      assert.equal(start.status, 302);
      const consentUrl = start.headers.get('location')!;
      assert.match(consentUrl, /^\/email-account\/oauth-sandbox\/google\?state=/);
      const consent = await client.get(consentUrl, { headers: { accept: 'text/html' } });
      assert.equal(consent.status, 200);
      assert.match(consent.text, /This is not Google/);
      assert.match(consent.text, /sandbox/i);

      const state = stateOf(consentUrl);
      const approve = await client.get(`/email-account/oauth-sandbox/google/approve?${new URLSearchParams({ state, email: 'Pat@Gmail.test', name: 'Pat' }).toString()}`);
      assert.equal(approve.status, 302);
      const back = new URL(approve.headers.get('location')!, 'http://x');
      assert.equal(back.pathname, '/gmail-auth');
      const code = back.searchParams.get('code')!;
      assert.equal(back.searchParams.get('state'), state);

      const complete = await client.post('/email-account/oauth/complete', { provider: 'google', code, state });
      assert.equal(complete.status, 200, complete.text);
      assert.equal(complete.body.created, true);
      assert.equal(complete.body.account.email, 'pat@gmail.test');
      assert.equal(complete.body.account.provider, 'sandbox');
      assert.equal(complete.body.account.senderName, 'Pat');
      assert.equal(complete.body.account.smtp, null);
      assert.doesNotMatch(complete.text, /sandbox-refresh|accessToken|refreshToken/);

      // Connecting the same address again refreshes the grant of the same mailbox.
      const again = await client.post('/email-account/oauth/complete', { provider: 'google', code, state });
      assert.equal(again.body.created, false);
      assert.equal(again.body.account.id, complete.body.account.id);
    });

    it('refuses a state from another session or for another provider', async () => {
      const first = await signedIn('oauth-first');
      const second = await signedIn('oauth-second');
      const start = await first.client.get('/email-account/oauth/microsoft/start');
      const state = stateOf(start.headers.get('location')!);
      const approve = await first.client.get(`/email-account/oauth-sandbox/microsoft/approve?${new URLSearchParams({ state, email: 'kim@outlook.test' }).toString()}`);
      const back = new URL(approve.headers.get('location')!, 'http://x');
      assert.equal(back.pathname, '/microsoft/oauth/response');
      const code = back.searchParams.get('code')!;

      const foreign = await second.client.post('/email-account/oauth/complete', { provider: 'microsoft', code, state });
      assert.equal(foreign.status, 422);
      assert.equal(foreign.body.errors[0].key, 'mail_oauth_failed');
      const crossed = await first.client.post('/email-account/oauth/complete', { provider: 'google', code, state });
      assert.equal(crossed.body.errors[0].key, 'mail_oauth_failed');
      const forged = await first.client.post('/email-account/oauth/complete', { provider: 'microsoft', code: 'made-up', state });
      assert.equal(forged.body.errors[0].key, 'mail_oauth_failed');
      assert.equal((await second.client.get('/email-account/list')).body.total, 0);
      assert.equal((await first.client.post('/email-account/oauth/complete', { provider: 'microsoft', code, state })).status, 200);
    });
  });
});
