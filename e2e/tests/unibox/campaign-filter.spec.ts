import { expect, signIn, test } from '../../support/fixtures';
import { emailThenWaitSequence } from '../campaigns/campaigns-world';
import { addProspect, apiAs, createList, pickOption } from '../prospects/prospects-world';
import { connectMailbox, mailboxPeers, minutesAgo, syncedInbox, text, type Mail } from './unibox-world';

// Three people wrote to the mailbox; one of them is a recipient of a campaign the mailbox sends.
// The campaign filter keeps that conversation only, and the choice survives a reload.
const MAILBOX = 'ada@unibox-campaigns.test';
const PASSWORD = 'Mailbox-App-Password-86';
const PEOPLE = ['Alma Archer', 'Boris Baker', 'Cleo Carter'];
const addressOf = (name: string) => `${name.split(' ')[0]!.toLowerCase()}@campaign-people.test`;
const mail: Mail[] = PEOPLE.map((name, n) => ({
  from: addressOf(name),
  fromName: name,
  to: MAILBOX,
  subject: `A question from ${name}`,
  messageId: `campaign-filter-${n}@campaign-people.test`,
  at: minutesAgo(30 - n),
}));
const CAMPAIGN = 'Autumn outreach';

const peers = mailboxPeers(MAILBOX, PASSWORD, () => mail);

/** The recipient stays in the campaign (waiting after the first email) while the journey runs. */
const FLOWCHART = emailThenWaitSequence('Hello {{firstName}}', '<p>A short note about our sequences.</p>');

test('the campaign filter keeps the conversations of that campaign\'s recipients, also after a reload', async ({ page, playwright, user }) => {
  // The first sync of a new mailbox may take up to the world's wait (unibox-world.ts) on shared cores.
  test.setTimeout(150_000);
  // Set-up through the public calls: Alma is a prospect of a launched campaign sent from this mailbox.
  const api = await apiAs(playwright, user);
  const mailboxId = await connectMailbox(api, peers, MAILBOX, PASSWORD, 'Ada Lovelace');
  const prospects = await createList(api, 'Autumn prospects');
  await addProspect(api, prospects.id, { name: 'Alma Archer', email: addressOf('Alma Archer') });
  const noSend = await createList(api, 'Never send');
  const saved = await api.call<{ campaign: { campaignId: number } }>('POST', '/pipelines/api/campaign/save', {
    title: CAMPAIGN,
    listId: prospects.id,
    blacklist: noSend.id,
    senderEmailAccounts: [mailboxId],
    flowchart: FLOWCHART,
  });
  const campaignId = saved.campaign.campaignId;
  await api.call('POST', '/pipelines/api/campaign/set-state', { campaignId, state: 'start' });
  await syncedInbox(api, mailboxId, mail.length);
  await api.dispose();

  await signIn(page, user, '/unibox');
  const list = page.getByRole('list', { name: text('list.label') });
  const rows = list.getByTestId('thread-row');
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 3 }));
  await expect(rows.filter({ hasText: 'Alma Archer' })).toContainText(text('thread.campaign', { title: CAMPAIGN }));

  const campaigns = page.getByRole('combobox', { name: text('filters.campaigns') });
  await expect(async () => {
    await campaigns.click();
    await pickOption(page, CAMPAIGN, { timeout: 2_000 });
    await expect(page).toHaveURL(new RegExp(`[?&]campaignIds=${campaignId}(&|$)`), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 1 }));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Alma Archer');

  await page.reload();
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 1 }));
  await expect(rows.first()).toContainText('Alma Archer');
  // The chosen campaign keeps its title in the filter (the row on screen names it).
  await expect(page.getByText(CAMPAIGN, { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: text('filters.clear') }).click();
  await expect(page).not.toHaveURL(/campaignIds/);
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 3 }));
});
