import { expect, test } from '../../support/fixtures';
import { mailboxPeers, minutesAgo, openSyncedUnibox, text, type Mail } from './unibox-world';

const MAILBOX = 'ada@unibox-starred.test';
const PASSWORD = 'Mailbox-App-Password-84';
const PEOPLE = ['Alma Archer', 'Boris Baker', 'Cleo Carter'];
const mail: Mail[] = PEOPLE.map((name, n) => ({
  from: `${name.split(' ')[0]!.toLowerCase()}@people.test`,
  fromName: name,
  to: MAILBOX,
  subject: `A note from ${name}`,
  messageId: `starred-${n}@people.test`,
  at: minutesAgo(30 - n),
}));

const peers = mailboxPeers(MAILBOX, PASSWORD, () => mail);

test('a starred conversation is the only one under "Starred only", and the filter survives a reload', async ({ page, playwright, user }) => {
  // The first sync of a new mailbox may take up to the world's wait (unibox-world.ts) on shared cores.
  test.setTimeout(150_000);
  await openSyncedUnibox({ page, playwright, user }, peers, { email: MAILBOX, password: PASSWORD, count: mail.length });
  const list = page.getByRole('list', { name: text('list.label') });
  const rows = list.getByTestId('thread-row');
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 3 }));

  await list.getByRole('button', { name: text('thread.star', { who: 'Boris Baker' }) }).click();
  await expect(list.getByRole('button', { name: text('thread.unstar', { who: 'Boris Baker' }) })).toHaveAttribute('aria-pressed', 'true');

  // The box shows the address's state: it turns checked once the URL has the filter.
  await page.getByRole('checkbox', { name: text('filters.starred') }).click();
  await expect(page.getByRole('checkbox', { name: text('filters.starred') })).toBeChecked();
  await expect(page).toHaveURL(/[?&]isStarred=1(&|$)/);
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 1 }));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Boris Baker');

  await page.reload();
  await expect(page.getByRole('checkbox', { name: text('filters.starred') })).toBeChecked();
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 1 }));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Boris Baker');

  // Clearing the filters brings the other two back.
  await page.getByRole('button', { name: text('filters.clear') }).click();
  await expect(page).not.toHaveURL(/isStarred/);
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 3 }));
});
