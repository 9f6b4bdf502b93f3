import { startSmtpSubmissionPeer, type SmtpSubmissionPeer, type SubmittedMail } from '../../../api/src/modules/email-accounts/test-peers';
import { startImapPeer, type ImapPeer } from '../../../api/src/test-support/imap-peer';
import { readMail, type ReadMail } from '../../../api/src/test-support/received-mail';
import { CAMPAIGN_TRACKING_DOMAIN } from '../../support/mail-world';
import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList } from '../prospects/prospects-world';
import { emailVariant } from './campaigns-world';

// A launched campaign running its course on the journeys' server, whose campaign clock is fast
// (CAMPAIGN_TIME_SCALE=1440: a day of delays and trigger windows takes a minute). The sequence is
// email → wait 1 day → "opened within 2 days?" → yes: email 2, no: email 3, sent from a mailbox
// on loopback SMTP and IMAP servers to a list of 20. One recipient opens the first email, one
// replies through the mailbox's IMAP server, one address does not exist (the server refuses it),
// one unsubscribes through the public page; the recipients table, the totals and the figures drawn
// on the flowchart then say exactly that. The wizard's screens have their own journey
// (create-and-launch.spec.ts): here the campaign is set up through the same calls and launched
// from its review step.
const MAILBOX = 'rosa@delivery-mail.test';
const PASSWORD = 'Mailbox-App-Password-44';
const OPENS = 'olivia.open@people.test';
const REPLIES = 'rita.reply@people.test';
const BOUNCES = 'no.such.person@people.test';
const UNSUBSCRIBES = 'uma.unsub@people.test';
const PEOPLE: [string, string][] = [
  ['Olivia Open', OPENS],
  ['Rita Reply', REPLIES],
  ['Nobody Home', BOUNCES],
  ['Uma Unsub', UNSUBSCRIBES],
  ...Array.from({ length: 16 }, (_, index): [string, string] => [`Quiet Reader${index + 1}`, `quiet.reader${index + 1}@people.test`]),
];
const FIRST = 'Hello {{firstName}}';
const SECOND = 'Glad it was useful, {{firstName}}';
const THIRD = 'In case you missed it';

const at = (x: number, y: number) => ({ x, y });
const flowchart = {
  operators: [
    { block: { id: 'start', type: 'start' }, position: at(0, 0) },
    { block: { id: 'e1', type: 'email', emails: [emailVariant(FIRST, '<p>Hi {{firstName}}, we build sequences that respect your time.</p>')] }, position: at(0, 120) },
    { block: { id: 'd1', type: 'delay', waiting_val: 24 }, position: at(0, 240) },
    { block: { id: 't1', type: 'trigger', triggerType: 'email_opened', time: 2 * 24 * 60, degreeLevels: [] }, position: at(0, 360) },
    { block: { id: 'e2', type: 'email', emails: [emailVariant(SECOND, '<p>Shall we talk this week?</p>')] }, position: at(-160, 480) },
    { block: { id: 'e3', type: 'email', emails: [emailVariant(THIRD, '<p>A short note again.</p>')] }, position: at(160, 480) },
  ],
  links: [
    { from: 'start', to: 'e1', output: 'next' },
    { from: 'e1', to: 'd1', output: 'next' },
    { from: 'd1', to: 't1', output: 'next' },
    { from: 't1', to: 'e2', output: 'yes' },
    { from: 't1', to: 'e3', output: 'no' },
  ],
};

let smtp: SmtpSubmissionPeer;
let imap: ImapPeer;

test.beforeAll(async () => {
  smtp = await startSmtpSubmissionPeer({ [MAILBOX]: PASSWORD });
  // The address that does not exist: its server refuses the message for good (a hard bounce).
  smtp.refuse = (mail) => (mail.to.includes(BOUNCES) ? { code: 550, message: '5.1.1 <no.such.person@people.test>: Recipient address rejected: User unknown' } : undefined);
  imap = await startImapPeer({ users: { [MAILBOX]: { password: PASSWORD } } });
});

test.afterAll(async () => {
  await imap?.stop();
  await smtp?.close();
});

/** The messages the SMTP server received for `address`, read as a mail client shows them. */
const mailTo = (address: string): Promise<ReadMail[]> => Promise.all(smtp.received.filter((mail: SubmittedMail) => mail.to.includes(address)).map((mail) => readMail(mail.raw)));
const subjectsTo = async (address: string) => (await mailTo(address)).map((mail) => mail.subject);
const countWithSubject = async (subject: string) => (await Promise.all(smtp.received.map((mail) => readMail(mail.raw)))).filter((mail) => mail.subject === subject).length;

test('a launched campaign sends, waits, branches on an open, and stops for a reply, a bounce and an unsubscribe', async ({ page, playwright, user }) => {
  // One day of delay and a two-day window at 1,440× take three minutes; a human open needs a
  // minute after its send (sooner is a machine prefetch).
  test.setTimeout(420_000);
  const api = await apiAs(playwright, user);
  const list = await createList(api, 'Delivery prospects');
  for (const [name, email] of PEOPLE) await addProspect(api, list.id, { name, email });
  const noSend = await createList(api, 'Delivery no-send');
  const created = await api.call<{ account: { id: number } }>('POST', '/email-account/create', {
    email: MAILBOX,
    senderName: 'Rosa',
    smtp: { host: '127.0.0.1', port: smtp.port, security: 'none', password: PASSWORD },
    imap: { host: '127.0.0.1', port: imap.port, security: 'none' },
  });
  // Twenty messages one after another, not one every minute or two as a careful mailbox sends,
  // and room for the 37 of the day (a new mailbox sends 30).
  await api.call('PATCH', `/email-account/${created.account.id}`, { minGapSeconds: 0, maxGapSeconds: 0, dailyLimit: 100 });
  // Its tracking domain (a CNAME to the app in the journeys' DNS): links and the one-click
  // unsubscribe header are https on it, as RFC 8058 wants.
  await api.call('PATCH', `/email-account/${created.account.id}`, { trackingDomain: CAMPAIGN_TRACKING_DOMAIN });
  expect((await api.call<{ verified: boolean }>('POST', `/email-account/${created.account.id}/tracking-domain/check`)).verified).toBe(true);
  const saved = await api.call<{ campaign: { campaignId: number } }>('POST', '/pipelines/api/campaign/save', {
    title: 'Delivery run',
    flowchart,
    listId: list.id,
    blacklist: noSend.id,
    senderEmailAccounts: [created.account.id],
  });
  const campaignId = saved.campaign.campaignId;
  await api.dispose();

  // Launched from the review step, as the user does after the wizard.
  await signIn(page, user, `/campaigns/create/review?id=${campaignId}`);
  const review = page.getByTestId('review-step');
  await expect(review.getByTestId('launch-ready')).toBeVisible();
  await expect(review.getByTestId('review-recipients')).toHaveText('20');
  await review.getByTestId('launch-campaign').click();
  await expect(page).toHaveURL(/\/campaigns$/);

  // The first email reaches all twenty (the unknown address is refused at the door), each with
  // the one-click unsubscribe headers, addressed by the prospect's first name.
  await expect.poll(() => smtp.received.length, { timeout: 60_000 }).toBe(20);
  for (const [name, email] of PEOPLE) {
    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe(`Hello ${name.split(' ')[0]}`);
    expect(mail!.header('List-Unsubscribe')).toMatch(new RegExp(`^<https://${CAMPAIGN_TRACKING_DOMAIN}/email-unsubscribe/[A-Za-z0-9_-]+>, <mailto:[^>]+>$`));
    expect(mail!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  }
  const firstSeenAt = Date.now();

  // Rita answers from her mail client: the reply lands in the mailbox, threaded on the message.
  const [toRita] = await mailTo(REPLIES);
  await imap.append(
    MAILBOX,
    'INBOX',
    [
      `From: Rita Reply <${REPLIES}>`,
      `To: Rosa <${MAILBOX}>`,
      `Subject: Re: ${toRita!.subject}`,
      `Message-ID: <rita-answer-${campaignId}@people.test>`,
      `In-Reply-To: ${toRita!.messageId}`,
      `References: ${toRita!.messageId}`,
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Thanks Rosa, yes, let us talk on Thursday.',
      '',
    ].join('\r\n'),
  );

  // Uma follows the unsubscribe link and confirms, with no session of her own (the tracking
  // domain leads to the app, whose TLS is the operator's proxy's business: the browser asks the
  // app for the link's path).
  const [toUma] = await mailTo(UNSUBSCRIBES);
  const link = new URL(/^<([^>]+)>/.exec(toUma!.header('List-Unsubscribe')!)![1]!);
  const recipientPage = await page.context().browser()!.newPage({ baseURL: new URL(page.url()).origin });
  await recipientPage.goto(link.pathname);
  await recipientPage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(recipientPage.getByText('You are unsubscribed')).toBeVisible();
  await recipientPage.close();

  // Olivia opens the first email a minute after it arrived (sooner, an open is a mail server's
  // prefetch and never fires a trigger): the trigger goes "yes" and the second email follows.
  const [toOlivia] = await mailTo(OPENS);
  const pixel = /https?:\/\/[^"'\s]+\/t\/o\/[A-Za-z0-9_-]+/.exec(toOlivia!.html)?.[0];
  expect(pixel, 'the first email carries an open pixel').toBeTruthy();
  await page.waitForTimeout(Math.max(0, firstSeenAt + 62_000 - Date.now())); // a person reads a minute later, not an event to await
  const opened = await page.request.get(new URL(pixel!).pathname, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Thunderbird/128.4.0' } });
  expect(opened.status()).toBe(200);
  await expect.poll(() => subjectsTo(OPENS), { timeout: 90_000 }).toEqual(['Hello Olivia', 'Glad it was useful, Olivia']);

  // The window ends for those who did not open: the third email, to the sixteen quiet readers
  // only — the reply, the bounce and the unsubscribe stopped the other three.
  await expect.poll(() => countWithSubject(THIRD), { timeout: 180_000, intervals: [2_000] }).toBe(16);
  for (const address of [REPLIES, UNSUBSCRIBES]) expect(await subjectsTo(address)).toHaveLength(1);
  // Each recipient is done once its last send is read back; with nobody left active the campaign
  // completes by itself (automatically complete is on by default).
  const campaignStatus = async () =>
    ((await (await page.request.get(`/pipelines/api/campaign/${campaignId}`, { headers: { accept: 'application/json' } })).json()) as { campaign: { status: string } }).campaign.status;
  await expect.poll(campaignStatus, { timeout: 60_000, intervals: [1_000] }).toBe('completed');

  // The recipients table says how each one ended (found by the table's search: 10 a page).
  await page.goto(`/campaigns/${campaignId}/recipients`);
  const search = page.getByLabel('Search by name or address');
  for (const [name, status] of [
    ['Rita Reply', 'Replied'],
    ['Nobody Home', 'Bounced'],
    ['Uma Unsub', 'Unsubscribed'],
    ['Olivia Open', 'Finished'],
    ['Quiet Reader7', 'Finished'],
  ] as const) {
    await search.fill(name);
    await search.press('Enter');
    await expect(page.getByText('Recipients: 1')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name }).locator('[data-testid^="recipient-status-"]')).toHaveText(status);
  }

  // The totals and the flowchart's figures match what happened.
  await page.getByRole('tab', { name: 'Statistics' }).click();
  const total = (kind: string) => page.getByTestId(`total-${kind}`).locator('.ant-statistic-content-value');
  await expect(total('opened')).toHaveText('1');
  await expect(total('replied')).toHaveText('1');
  await expect(total('bounced')).toHaveText('1');
  await expect(total('unsubscribed')).toHaveText('1');
  const funnel = page.getByTestId('flowchart-funnel');
  await expect(funnel.getByTestId('block-counts-e1')).toContainText('Opened: 1');
  await expect(funnel.getByTestId('block-counts-e1')).toContainText('Replied: 1');
  await expect(funnel.getByTestId('block-counts-e1')).toContainText('Bounced: 1');
  await expect(funnel.getByTestId('block-counts-e2')).toContainText('Sent: 1');
  await expect(funnel.getByTestId('block-counts-e3')).toContainText('Sent: 16');
});
