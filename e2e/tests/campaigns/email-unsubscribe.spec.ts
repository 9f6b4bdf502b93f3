import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { ONE_CLICK_UNSUBSCRIBE_BODY } from '@leadforge/contracts';
import { startCampaignMailWorld, type CampaignMail } from '../../support/campaign-mail-world';
import { expect, test } from '../../support/fixtures';

// The unsubscribe link of a campaign email, followed by its recipient. No screen sends campaigns
// yet, so the email is sent by a second instance of the composed app (campaign-mail-world.ts)
// through its sending engine, as the sequencer will; the owner's account, mailbox and tracking
// domain are set up over HTTP, the link is read out of the message its SMTP server received, and
// the recipient opens it in the browser with no session at all.

type Locale = 'en' | 'uk';
const campaignTexts = (locale: Locale) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'remotes', 'campaigns', 'src', 'locales', `${locale}.json`), 'utf8')) as { unsubscribe: Record<string, string> };
const unsubscribeText = (locale: Locale, key: string, values: Record<string, string> = {}) =>
  campaignTexts(locale).unsubscribe[key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const OWNER = { name: 'Ann Owner', email: 'ann.owner@acme-mail.test', password: 'a long enough password' };
const MAILBOX = { email: 'ann@acme-mail.test', password: 'Mailbox-App-Password-73', senderName: 'Ann from Acme' };
/** The mailbox's tracking domain: its CNAME (in the world's DNS) names the app's host. */
const TRACKING_DOMAIN = 'track.acme-mail.test';

/** A header of a raw message, unfolded. */
function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const line = head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/** A signed-in API client of the owner (CSRF token per call, as the app's client sends it). */
async function ownerSession(baseURL: string) {
  const context: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  const csrf = async () => ((await (await context.get('/auth/csrf', { headers: { accept: 'application/json' } })).json()) as { token: string }).token;
  const call = async (method: 'POST' | 'PATCH', path: string, data: unknown = {}) =>
    context.fetch(path, { method, headers: { 'x-csrf-token': await csrf(), accept: 'application/json' }, data });
  const registered = await call('POST', '/auth/register', { name: OWNER.name, email: OWNER.email, password: OWNER.password });
  expect(registered.status(), await registered.text()).toBe(200);
  return { call, dispose: () => context.dispose() };
}

test.describe('a campaign email’s unsubscribe link', () => {
  let world: CampaignMail;
  let owner: Awaited<ReturnType<typeof ownerSession>>;
  let mailboxId: number;
  let recipientId = 0;

  test.beforeAll(async () => {
    // A second app, Dovecot and the migrations of a fresh database: more than a journey's minute.
    test.setTimeout(180_000);
    world = await startCampaignMailWorld({ mailbox: MAILBOX, trackingDomain: TRACKING_DOMAIN });
    owner = await ownerSession(world.url);
    const created = await owner.call('POST', '/email-account/create', {
      email: MAILBOX.email,
      senderName: MAILBOX.senderName,
      smtp: { host: world.smtp.host, port: world.smtp.port, security: 'none', password: MAILBOX.password },
      imap: { host: world.imap.host, port: world.imap.port, security: 'none' },
    });
    expect(created.status(), await created.text()).toBe(200);
    mailboxId = ((await created.json()) as { account: { id: number } }).account.id;
    // No gap between sends (each test sends its own message), and the tracking domain the
    // engine puts in links once it is verified.
    const updated = await owner.call('PATCH', `/email-account/${mailboxId}`, { trackingDomain: TRACKING_DOMAIN, minGapSeconds: 0, maxGapSeconds: 0 });
    expect(updated.status(), await updated.text()).toBe(200);
    const checked = await owner.call('POST', `/email-account/${mailboxId}/tracking-domain/check`);
    expect(((await checked.json()) as { verified: boolean }).verified).toBe(true);
  });

  test.afterAll(async () => {
    await owner?.dispose();
    await world?.close();
  });

  /** Sends the first step of a campaign to `to`; answers the message's unsubscribe link. */
  async function campaignEmailTo(to: string): Promise<URL> {
    recipientId += 1;
    const { enqueued, raw } = await world.sendCampaignEmail({
      mailboxId,
      to,
      subject: 'Our roadmap',
      html: '<p>Hello, see <a href="https://roadmap.example/q3">the roadmap</a>.</p>',
      campaign: { campaignId: 1, recipientId, step: 1 },
    });
    expect(enqueued.status).toBe('queued');
    // RFC 8058: an https link and a mailto, and the header that says the link takes a one-click POST.
    const listUnsubscribe = headerOf(raw!, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(/^<https:\/\/[^>]+>, <mailto:[^>]+>$/);
    expect(headerOf(raw!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = new URL(/^<([^>]+)>/.exec(listUnsubscribe!)![1]!);
    expect(link.origin).toBe(`https://${TRACKING_DOMAIN}`);
    expect(link.pathname).toMatch(/^\/email-unsubscribe\/[A-Za-z0-9_-]{24}$/);
    return link;
  }

  /**
   * The link as the app receives it: the tracking domain's CNAME leads to the app, whose TLS is
   * the operator's proxy's business, so the browser asks the app itself for the link's path.
   */
  const onTheApp = (link: URL) => `${world.url}${link.pathname}`;

  /** Whether the owner's account would still send to `address`: a test email says so (422 when it is on the no-send list). */
  async function testEmailTo(address: string) {
    const response = await owner.call('POST', '/campaigns/send-test-email', {
      subject: 'Checking',
      body: '<p>Is this address still on?</p>',
      email: address,
      emailAccount: mailboxId,
      plainTextMode: false,
      attachments: [],
    });
    return { status: response.status(), key: ((await response.json()) as { errors?: { key: string }[] }).errors?.[0]?.key ?? null };
  }

  test('a recipient confirms on the page the link opens, signed out, and the owner sends to them no more', async ({ page }) => {
    const link = await campaignEmailTo('carol@recipient.test');

    await page.goto(onTheApp(link));
    await expect(page.getByText(unsubscribeText('en', 'question', { email: 'c•••@recipient.test', sender: MAILBOX.senderName }))).toBeVisible();
    await expect(page.getByText(unsubscribeText('en', 'doneTitle'))).toHaveCount(0);
    // Opening the link changes nothing: a mail scanner that follows it unsubscribes nobody.
    const info = await page.request.get(`${world.url}/unsubscribe/${link.pathname.split('/').pop()}`);
    expect(await info.json()).toEqual({ email: 'c•••@recipient.test', senderName: MAILBOX.senderName, unsubscribed: false });

    await page.getByRole('button', { name: unsubscribeText('en', 'confirm') }).click();
    await expect(page.getByText(unsubscribeText('en', 'doneTitle'))).toBeVisible();
    await expect(page.getByText(unsubscribeText('en', 'doneText', { email: 'c•••@recipient.test', sender: MAILBOX.senderName }))).toBeVisible();

    // The link opened again says it is done, without a button.
    await page.reload();
    await expect(page.getByText(unsubscribeText('en', 'doneTitle'))).toBeVisible();
    await expect(page.getByRole('button', { name: unsubscribeText('en', 'confirm') })).toHaveCount(0);

    // The address is on the owner's no-send list: a test email is refused, the next campaign step is not sent.
    expect(await testEmailTo('carol@recipient.test')).toEqual({ status: 422, key: 'mail_recipient_suppressed' });
    expect(await testEmailTo('Carol@Recipient.test')).toEqual({ status: 422, key: 'mail_recipient_suppressed' });
    const next = await world.sendCampaignEmail({
      mailboxId,
      to: 'carol@recipient.test',
      subject: 'Follow-up',
      html: '<p>Still there?</p>',
      campaign: { campaignId: 1, recipientId, step: 2 },
    });
    expect(next).toEqual({ enqueued: { status: 'suppressed' }, raw: null });
  });

  test('a mail provider’s one-click unsubscribe (RFC 8058) needs no cookie or token', async ({ page }) => {
    const link = await campaignEmailTo('dave@recipient.test');

    // What Gmail or Yahoo send: a form POST to the link itself, from a client with no cookies.
    const provider = await playwrightRequest.newContext();
    const oneClick = () => provider.post(onTheApp(link), { form: { ...ONE_CLICK_UNSUBSCRIBE_BODY } });
    const answer = await oneClick();
    expect(answer.status(), await answer.text()).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, email: 'd•••@recipient.test' });
    expect(answer.headersArray().filter((header) => header.name.toLowerCase() === 'set-cookie')).toEqual([]);
    expect((await oneClick()).status(), 'a repeat is harmless').toBe(200);
    await provider.dispose();

    expect(await testEmailTo('dave@recipient.test')).toEqual({ status: 422, key: 'mail_recipient_suppressed' });
    // The recipient who opens the link afterwards is told it is done.
    await page.goto(onTheApp(link));
    await expect(page.getByText(unsubscribeText('en', 'doneText', { email: 'd•••@recipient.test', sender: MAILBOX.senderName }))).toBeVisible();
  });
});

test('a link that is unknown, garbled or cut shows a page that says it does not work, in the visitor’s language', async ({ page }) => {
  const tokens = [
    // A token of the right shape that no message carries.
    'AAAAAAAAAAAAAAAAAAAAAAAA',
    // Garbled by a mail client.
    'not%20a%20token%3F',
    // Cut short.
    'Qx8',
    // Far longer than any token of ours.
    'x'.repeat(200),
  ];
  for (const token of tokens) {
    await page.goto(`/email-unsubscribe/${token}`);
    await expect(page.getByText(unsubscribeText('en', 'invalidTitle')), token).toBeVisible();
    await expect(page.getByText(unsubscribeText('en', 'invalidText'))).toBeVisible();
    await expect(page.getByRole('button', { name: unsubscribeText('en', 'confirm') })).toHaveCount(0);
  }

  // Without any token: the page says where the link is.
  await page.goto('/email-unsubscribe');
  await expect(page.getByText(unsubscribeText('en', 'noLinkTitle'))).toBeVisible();

  await page.goto('/lang-change/uk?redirect=/email-unsubscribe/AAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText(unsubscribeText('uk', 'invalidTitle'))).toBeVisible();
  await expect(page.getByText(unsubscribeText('uk', 'invalidText'))).toBeVisible();
});
