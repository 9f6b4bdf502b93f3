import { readFileSync } from 'node:fs';
import { startSmtpSubmissionPeer, type SmtpSubmissionPeer } from '../../../api/src/modules/email-accounts/test-peers';
import { startImapPeer, type ImapPeer } from '../../../api/src/test-support/imap-peer';
import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList, pickOption, type ApiSession } from '../prospects/prospects-world';
import { emailThenWaitSequence } from './campaigns-world';

// The page of a launched campaign: its recipients, a filter, a status set by hand, the CSV export,
// the statistics and a campaign that does not exist. The campaign is created and launched through
// the same public calls the wizard makes (its own journey, create-and-launch.spec.ts, drives
// them through the screens); everything this journey is about goes through the campaign page.
const MAILBOX = 'lin@campaign-page.test';
const PASSWORD = 'Mailbox-App-Password-28';
const PEOPLE = [
  ['Ada Lovelace', 'ada@recipients.test'],
  ['Alan Turing', 'alan@recipients.test'],
  ['Edsger Dijkstra', 'edsger@recipients.test'],
] as const;

let smtp: SmtpSubmissionPeer;
let imap: ImapPeer;

test.beforeAll(async () => {
  smtp = await startSmtpSubmissionPeer({ [MAILBOX]: PASSWORD });
  imap = await startImapPeer({ users: { [MAILBOX]: { password: PASSWORD } } });
});

test.afterAll(async () => {
  await imap?.stop();
  await smtp?.close();
});

const FLOWCHART = emailThenWaitSequence('Hello {{firstName}}', '<p>We build sequences that respect your time.</p>');

async function launchedCampaign(api: ApiSession): Promise<number> {
  const list = await createList(api, 'Page prospects');
  for (const [name, email] of PEOPLE) await addProspect(api, list.id, { name, email });
  const noSend = await createList(api, 'Never send');
  const mailbox = await api.call<{ account: { id: number } }>('POST', '/email-account/create', {
    email: MAILBOX,
    senderName: 'Lin',
    smtp: { host: '127.0.0.1', port: smtp.port, security: 'none', password: PASSWORD },
    imap: { host: '127.0.0.1', port: imap.port, security: 'none' },
  });
  const saved = await api.call<{ campaign: { campaignId: number } }>('POST', '/pipelines/api/campaign/save', {
    title: 'Autumn outreach',
    listId: list.id,
    blacklist: noSend.id,
    senderEmailAccounts: [mailbox.account.id],
    flowchart: FLOWCHART,
  });
  const campaignId = saved.campaign.campaignId;
  await api.call('POST', '/pipelines/api/campaign/set-state', { campaignId, state: 'start' });
  return campaignId;
}

test('a user reads the recipients of a launched campaign, filters them, pauses one and exports them', async ({ page, playwright, user }) => {
  // A mailbox connection test against real servers, a launch and a remote build's first load.
  test.setTimeout(180_000);
  const api = await apiAs(playwright, user);
  const campaignId = await launchedCampaign(api);
  await api.dispose();

  await signIn(page, user, `/campaigns/${campaignId}/recipients`);
  await expect(page.getByTestId('campaign-title')).toHaveText('Autumn outreach');
  await expect(page.getByTestId('campaign-status')).toHaveText('Running');
  const table = page.locator('section[aria-label="Recipients"]');
  for (const [name] of PEOPLE) await expect(table.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText('Recipients: 3')).toBeVisible();

  // The search box narrows the table to Ada.
  const search = page.getByLabel('Search by name or address');
  await search.fill('Ada');
  await search.press('Enter');
  await expect(page.getByText('Recipients: 1')).toBeVisible();
  await expect(table.getByText('Alan Turing')).toHaveCount(0);

  // Ada is paused by hand.
  const adaRow = page.getByRole('row').filter({ hasText: 'Ada Lovelace' });
  await adaRow.getByRole('checkbox').check();
  await expect(page.getByTestId('bulk-actions')).toContainText('Selected: 1');
  await page.getByTestId('bulk-menu').click();
  await page.getByRole('menuitem', { name: 'Set status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set status' });
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await pickOption(page, 'Paused');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Done: 1 changed, 0 left as they were.')).toBeVisible();
  await expect(adaRow.locator('[data-testid^="recipient-status-"]')).toHaveText('Paused');

  // The filter panel: paused recipients only, after clearing the search.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('Recipients: 3')).toBeVisible();
  await expect(search).toHaveValue('');
  await page.getByTestId('open-filters').click();
  const filters = page.getByRole('dialog', { name: 'Filter the recipients' });
  await filters.getByRole('combobox', { name: 'Status' }).click();
  await pickOption(page, 'Paused');
  // The pick is in the panel's form before it is applied (what a user sees in the box).
  await expect(filters.locator('.ant-select-selection-item').filter({ hasText: 'Paused' })).toBeVisible();
  await page.getByTestId('apply-filters').click();
  // Applying closes the panel (its own "Clear filters" goes with it).
  await expect(filters).toBeHidden();
  await expect(page.getByText('Recipients: 1')).toBeVisible();
  await expect(table.getByText('Ada Lovelace')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('Recipients: 3')).toBeVisible();

  // The export is a CSV of the recipients with their figures.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-recipients').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  for (const [, email] of PEOPLE) expect(csv).toContain(email);

  // The statistics section has its own address and the totals of the campaign.
  await page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}/statistics$`));
  await expect(page.getByTestId('total-sent')).toBeVisible();
  await expect(page.getByText('Recipients in the campaign: 3')).toBeVisible();
  await expect(page.getByTestId('flowchart-funnel')).toBeVisible();

  // The sequence of a launched campaign: texts may change, its structure may not.
  await page.getByRole('tab', { name: 'Sequence' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}/sequence$`));
  await expect(page.getByText('This campaign has been launched', { exact: false })).toBeVisible();

  // The settings it runs with name its lists.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText('Page prospects')).toBeVisible();
  await expect(page.getByText('Never send')).toBeVisible();

  // A campaign that does not exist (or is not the user's) is "not found", not an error.
  await page.goto('/campaigns/987654/statistics');
  await expect(page.getByText('Campaign not found')).toBeVisible();
});

test('the team dashboard shows the user their own figures', async ({ page, user }) => {
  test.setTimeout(120_000);
  await signIn(page, user, '/campaigns/dashboards');
  await expect(page.getByRole('tab', { name: 'Email' })).toBeVisible();
  await expect(page.getByTestId('team-statistics')).toContainText('Your figures');
  await page.getByRole('tab', { name: 'LinkedIn' }).click();
  await expect(page.getByText('Nothing happened in this period.')).toBeVisible();
});
