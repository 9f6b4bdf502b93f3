import { expect, signIn, test } from '../../support/fixtures';
import { WARM_POOL_BROKEN_SPF_TERM, WARM_POOL_DOMAIN } from '../../support/domain-health-world';
import { apiAs, type ApiSession } from '../prospects/prospects-world';
import { WARM_MAILBOXES, WARM_PASSWORD, startWarmPoolWorld, type WarmPoolWorld } from './warm-up-world';

// The warm-up pool on the journeys' server: three mailboxes of one user at warm-pool.test, whose
// SPF record is broken, so their provider (the loopback server) files the mail they send each
// other in Junk. The server's fast clock (CAMPAIGN_TIME_SCALE=1440, engines/warmup/deps.ts)
// spreads the rest of the day's warm-up mail over its scaled length (a day is a minute) and reads
// the pool every few seconds, so the first day's mail is sent, lands and is read back within the
// journey. Two mailboxes alone in the pool exchange one mail on their first day (no pair writes
// twice within 7 days, either way); which of the two writes it is the planner's draw.
const [ANA, BEN, CAI] = WARM_MAILBOXES as [string, string, string];
const ALL_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

let world: WarmPoolWorld;

test.beforeAll(async () => {
  world = await startWarmPoolWorld({ junkFor: WARM_MAILBOXES });
});

test.afterAll(async () => {
  await world?.close();
});

/**
 * The mailboxes, connected through the calls the email-accounts screens make (their own journey
 * drives those screens), each open all day, every day, with no gap between two mails: a journey
 * may run at any hour, as the LinkedIn journeys open their accounts' working hours.
 */
async function connectPool(api: ApiSession): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const email of WARM_MAILBOXES) {
    const created = await api.call<{ account: { id: number } }>('POST', '/email-account/create', {
      email,
      senderName: email.split('@')[0]!.replace(/^./, (first) => first.toUpperCase()),
      smtp: { host: '127.0.0.1', port: world.smtp.port, security: 'none', password: WARM_PASSWORD },
      imap: { host: '127.0.0.1', port: world.imap.port, security: 'none' },
    });
    await api.call('PATCH', `/email-account/${created.account.id}`, {
      minGapSeconds: 0,
      maxGapSeconds: 0,
      sendingWindow: { timeZone: 'UTC', days: ALL_DAYS.map((day) => ({ day, from: 0, to: 1_440 })) },
    });
    ids.set(email, created.account.id);
  }
  return ids;
}

test('a user warms up two of three mailboxes, watches the first day land on the chart, pauses one, and reads the broken SPF record of their domain', async ({ page, playwright, user }) => {
  // Three connection tests against real servers, then a day's mail on the fast clock.
  test.setTimeout(300_000);
  const api = await apiAs(playwright, user);
  const ids = await connectPool(api);
  await api.dispose();

  // The list: every mailbox, none warming up yet; Ana and Ben are started together.
  await signIn(page, user, '/deliverability/warm-up');
  for (const email of WARM_MAILBOXES) await expect(page.getByRole('link', { name: email })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: `Select ${ANA}` }).check();
  await page.getByRole('checkbox', { name: `Select ${BEN}` }).check();
  const bulk = page.getByRole('toolbar', { name: 'Actions on the selected mailboxes' });
  await expect(bulk).toContainText('2 mailboxes selected');
  await bulk.getByRole('button', { name: 'Start warm-up' }).click();
  await expect(page.getByText('Warm-up started for 2 mailboxes')).toBeVisible();
  const rowOf = (email: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: email }) });
  await expect(rowOf(ANA)).toContainText('Active');
  await expect(rowOf(BEN)).toContainText('Active');
  await expect(rowOf(CAI)).toContainText('Off');
  // A pool this small is said to help less.
  await expect(page.getByText('The warm-up pool is small')).toBeVisible();

  // The day's one mail goes out: the list, opened again a little later, shows who wrote it.
  const today = page.getByTestId('warmup-today');
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(today).toHaveCount(WARM_MAILBOXES.length);
        return today.filter({ hasText: /^1 of \d+ sent today$/ }).count();
      },
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBe(1);
  const senderRow = page.getByRole('row').filter({ has: today.filter({ hasText: /^1 of / }) });
  const sender = (await senderRow.getByRole('link').first().innerText()).trim();
  const other = sender === ANA ? BEN : ANA;
  expect([ANA, BEN]).toContain(sender);
  await expect(rowOf(other).getByTestId('warmup-today')).toHaveText(/^0 of \d+ sent today$/);

  // The sender's page: its mail landed in spam (the page reads it again while the warm-up runs),
  // then the receiving mailbox moved it out of spam.
  await senderRow.getByRole('link', { name: sender }).click();
  await expect(page).toHaveURL(new RegExp(`/deliverability/warm-up/${ids.get(sender)}$`));
  await expect(page.getByRole('heading', { level: 2, name: sender })).toBeVisible();
  const dayLabel = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date());
  const chart = page.locator('.ant-card').filter({ hasText: 'Warm-up emails per day' });
  // Day, sent, inbox, spam, replied.
  const cells = chart.getByRole('row').filter({ hasText: dayLabel }).getByRole('cell');
  await expect(cells.nth(1)).toHaveText('1');
  await expect(cells.nth(3)).toHaveText('1', { timeout: 60_000 });
  await expect(cells.nth(2)).toHaveText('0');
  const recent = page.getByRole('region', { name: 'Latest warm-up mail' });
  const sent = recent.getByRole('row').filter({ hasText: `Sent to ${WARM_POOL_DOMAIN}` });
  await expect(sent).toContainText('Spam');
  await expect(sent).toContainText('Moved out of spam', { timeout: 60_000 });

  // The sender is paused from its page; the list says so, the other goes on.
  await page.getByRole('button', { name: `Pause the warm-up of ${sender}` }).click();
  await expect(page.getByText(`Warm-up of ${sender} paused`)).toBeVisible();
  await page.getByRole('link', { name: 'Back to the warm-up list' }).click();
  await expect(rowOf(sender)).toContainText('Paused');
  await expect(rowOf(other)).toContainText('Active');

  // The old address of a warm-up leads to its page in the deliverability area.
  await page.goto(`/warm-up/${ids.get(other)}`);
  await expect(page).toHaveURL(new RegExp(`/deliverability/warm-up/${ids.get(other)}$`));
  await expect(page.getByRole('heading', { level: 2, name: other })).toBeVisible();
  await page.goto('/warm-up/42');
  await expect(page).toHaveURL(/\/deliverability\/warm-up\/42$/);

  // The domain they send from has a broken SPF record: the health page names the part and the fix.
  await page.goto('/deliverability/domain-health');
  const card = page.getByTestId('domain-health-card').filter({ hasText: WARM_POOL_DOMAIN });
  await card.getByRole('button', { name: `Re-check ${WARM_POOL_DOMAIN}` }).click();
  const broken = card.getByText(`The SPF record has an invalid part: ${WARM_POOL_BROKEN_SPF_TERM}`);
  await expect(broken).toBeVisible({ timeout: 30_000 });
  await broken.click();
  await expect(card.getByText(`Correct or remove "${WARM_POOL_BROKEN_SPF_TERM}" in the SPF record.`)).toBeVisible();
});
