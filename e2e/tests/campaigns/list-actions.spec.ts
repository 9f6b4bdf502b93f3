import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList } from '../prospects/prospects-world';
import { PAGE_LOAD, connectMailbox, oneEmailSequence, pick, saveCampaign, startMailboxPeers, type MailboxPeers } from './campaigns-world';

// Keeping campaigns in order on the list: folders made, renamed and deleted, a campaign filed in
// one and the list narrowed to it; a launched campaign paused and resumed, copied as a new draft
// and deleted after the confirmation says what happens to its mail. The two campaigns are seeded
// through the same calls the wizard makes (the launched one starts in 2099, so nothing is sent);
// everything about the list goes through its screen.
const MAILBOX = 'flo@list-actions.test';
const PASSWORD = 'Mailbox-App-Password-37';
const LAUNCHED = 'Autumn launch';
const DRAFT = 'Winter idea';

let peers: MailboxPeers;

test.beforeAll(async () => {
  peers = await startMailboxPeers(MAILBOX, PASSWORD);
});

test.afterAll(async () => {
  await peers?.close();
});

test('a user files campaigns in folders, pauses and resumes one, copies it and deletes it', async ({ page, playwright, user }) => {
  // A mailbox connection test against real servers, a launch and a remote build's first load.
  test.setTimeout(150_000);
  const api = await apiAs(playwright, user);
  const list = await createList(api, 'Autumn prospects');
  await addProspect(api, list.id, { name: 'Ada Lovelace', email: 'ada@people.test' });
  const noSend = await createList(api, 'Autumn no-send');
  const mailboxId = await connectMailbox(api, peers, 'Flo');
  const launchedId = await saveCampaign(api, {
    title: LAUNCHED,
    listId: list.id,
    blacklist: noSend.id,
    senderEmailAccounts: [mailboxId],
    startAt: { date: '2099-09-01', time: '9:00 AM', timeZone: 'UTC' },
    flowchart: oneEmailSequence('Hello {{firstName}}', '<p>A note for the autumn.</p>'),
  });
  await api.call('POST', '/pipelines/api/campaign/set-state', { campaignId: launchedId, state: 'start' });
  await saveCampaign(api, { title: DRAFT });
  await api.dispose();

  await signIn(page, user, '/campaigns');
  const rows = page.getByRole('row');
  // A row by its exact title (the copy's title starts with the original's).
  const row = (title: string) => rows.filter({ has: page.getByTestId('campaign-title').filter({ hasText: new RegExp(`^${title.replace(/[()]/g, '\\$&')}$`) }) });
  const status = (title: string) => row(title).getByTestId('campaign-status');
  await expect(status(LAUNCHED)).toHaveAttribute('data-status', 'active', PAGE_LOAD);
  await expect(status(DRAFT)).toHaveAttribute('data-status', 'new');

  // Folders: two made, one renamed, the other deleted (its campaigns would stay).
  const sidebar = page.getByTestId('folder-sidebar');
  const folder = (name: string) => sidebar.locator(`[data-testid="campaign-folder"][data-folder="${name}"]`);
  const nameDialog = page.locator('.ant-modal').filter({ has: page.getByRole('textbox', { name: 'Folder name' }) });
  for (const name of ['Q3 ideas', 'Old things']) {
    await sidebar.getByRole('button', { name: 'New folder' }).click();
    await nameDialog.getByRole('textbox', { name: 'Folder name' }).fill(name);
    await nameDialog.getByRole('button', { name: 'Save' }).click();
    await expect(nameDialog).toBeHidden();
    await expect(folder(name)).toBeVisible();
  }
  await folder('Q3 ideas').getByRole('button', { name: 'Rename folder' }).click();
  await expect(nameDialog.getByRole('textbox', { name: 'Folder name' })).toHaveValue('Q3 ideas');
  await nameDialog.getByRole('textbox', { name: 'Folder name' }).fill('Q4 plans');
  await nameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(folder('Q4 plans')).toBeVisible();
  await expect(folder('Q3 ideas')).toHaveCount(0);
  await folder('Old things').getByRole('button', { name: 'Delete folder' }).click();
  const confirmFolder = page.locator('.ant-popconfirm').filter({ hasText: 'Delete the folder “Old things”? Its campaigns stay, outside any folder.' });
  await confirmFolder.getByRole('button', { name: 'Delete folder' }).click();
  await expect(folder('Old things')).toHaveCount(0);

  // The draft is filed in the folder; the folder shows only it, "not in a folder" the other.
  await row(DRAFT).getByRole('button', { name: `More actions for ${DRAFT}` }).click();
  await page.getByRole('menuitem', { name: 'Move to folder', exact: true }).click();
  const move = page.getByRole('dialog', { name: `Move “${DRAFT}”` });
  await pick(page, move, 'Folder', 'Q4 plans');
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText(`“${DRAFT}” moved.`)).toBeVisible();
  await expect(folder('Q4 plans')).toContainText('1');
  await folder('Q4 plans').getByText('Q4 plans').click();
  await expect(row(DRAFT)).toBeVisible();
  await expect(row(LAUNCHED)).toHaveCount(0);
  await sidebar.getByText('Not in a folder').click();
  await expect(row(LAUNCHED)).toBeVisible();
  await expect(row(DRAFT)).toHaveCount(0);
  await sidebar.getByText('All campaigns').click();
  await expect(row(DRAFT)).toBeVisible();

  // Pause and resume the launched campaign.
  await row(LAUNCHED).getByTestId('campaign-pause').click();
  await expect(page.getByText(`“${LAUNCHED}” paused. Its queued mail waits until you resume it.`)).toBeVisible();
  await expect(status(LAUNCHED)).toHaveAttribute('data-status', 'pause');
  await row(LAUNCHED).getByTestId('campaign-resume').click();
  await expect(page.getByText(`“${LAUNCHED}” resumed.`)).toBeVisible();
  await expect(status(LAUNCHED)).toHaveAttribute('data-status', 'active');

  // A copy is a new draft with the same sequence.
  await row(LAUNCHED).getByRole('button', { name: `More actions for ${LAUNCHED}` }).click();
  await page.getByRole('menuitem', { name: 'Copy', exact: true }).click();
  const copy = page.getByRole('dialog', { name: `Copy “${LAUNCHED}”` });
  await expect(copy).toContainText('The copy is a new draft with the same sequence and settings.');
  await copy.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText(`Copy created: “${LAUNCHED} (copy)”.`)).toBeVisible();
  await expect(status(`${LAUNCHED} (copy)`)).toHaveAttribute('data-status', 'new');
  await expect(status(`${LAUNCHED} (copy)`)).toHaveText('Draft');
  await expect(status(LAUNCHED)).toHaveAttribute('data-status', 'active');

  // Deleting the running campaign: the confirmation says what becomes of its mail first.
  await row(LAUNCHED).getByRole('button', { name: `More actions for ${LAUNCHED}` }).click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  const remove = page.getByRole('dialog', { name: `Delete “${LAUNCHED}”?` });
  await expect(remove).toContainText('Emails and LinkedIn actions the campaign has queued but not sent yet are cancelled: they will never be sent.');
  await expect(remove).toContainText('Emails already sent stay sent; replies still arrive in the mailboxes.');
  await expect(remove).toContainText('This campaign is running: every recipient stops now.');
  await remove.getByRole('button', { name: 'Delete campaign' }).click();
  await expect(page.getByText(`“${LAUNCHED}” deleted. Queued emails cancelled: 0; LinkedIn actions cancelled: 0.`)).toBeVisible();
  await expect(row(LAUNCHED)).toHaveCount(0);
  await expect(row(`${LAUNCHED} (copy)`)).toBeVisible();

  // What the list shows is what the server holds.
  await page.reload();
  await expect(row(`${LAUNCHED} (copy)`)).toBeVisible(PAGE_LOAD);
  await expect(row(LAUNCHED)).toHaveCount(0);
  await expect(folder('Q4 plans')).toBeVisible();
  await expect(folder('Old things')).toHaveCount(0);
  // Resumed before its start date, the campaign sent nothing: it waited for 2099.
  expect(peers.smtp.received).toHaveLength(0);
});
