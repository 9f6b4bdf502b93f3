import { expect, test } from '../../support/fixtures';
import { mailboxPeers, minutesAgo, openSyncedUnibox, rfc822, text, type Mail } from './unibox-world';

// The unibox is open when a new message reaches the mailbox: the sync hears it over IMAP IDLE and
// the page is told (mail.inbound, unibox.unread), with no reload.
const MAILBOX = 'ada@unibox-live.test';
const PASSWORD = 'Mailbox-App-Password-83';
const earlier: Mail[] = [1, 2, 3].map((n) => ({
  from: `earlier${n}@people.test`,
  fromName: `Earlier Sender${n}`,
  to: MAILBOX,
  subject: `Earlier note ${n}`,
  messageId: `earlier-${n}@people.test`,
  at: minutesAgo(60 - n),
}));

const peers = mailboxPeers(MAILBOX, PASSWORD, () => earlier);

test('a message delivered while the unibox is open shows up with the unread counts, without a reload', async ({ page, playwright, user }) => {
  // The first sync of a new mailbox may take up to the world's wait (unibox-world.ts) on shared cores.
  test.setTimeout(150_000);
  await openSyncedUnibox({ page, playwright, user }, peers, { email: MAILBOX, password: PASSWORD, count: earlier.length });
  const folders = page.getByRole('navigation', { name: text('folders.label') });
  const all = folders.getByRole('menuitem').filter({ hasText: /^All/ });
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 3 }));
  await expect(all.getByLabel(text('folders.unread', { count: 3 }))).toBeVisible();
  await expect(page.getByTestId('header-unread')).toHaveAttribute('aria-label', '3 unread replies');
  // A reload would forget this mark on the window.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await peers.imap.append(
    MAILBOX,
    'INBOX',
    rfc822({ from: 'newcomer@people.test', fromName: 'Nina Newcomer', to: MAILBOX, subject: 'Just arrived', messageId: 'just-arrived@people.test', at: new Date() }),
  );

  const list = page.getByRole('list', { name: text('list.label') });
  await expect(list.getByTestId('thread-row').first().getByRole('link', { name: text('thread.openUnread', { who: 'Nina Newcomer', count: 1 }) })).toBeVisible();
  await expect(list.getByTestId('thread-row').first()).toContainText('Just arrived');
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 4 }));
  await expect(all.getByLabel(text('folders.unread', { count: 4 }))).toBeVisible();
  await expect(folders.getByRole('menuitem').filter({ hasText: MAILBOX }).getByLabel(text('folders.unread', { count: 4 }))).toBeVisible();
  await expect(page.getByTestId('header-unread')).toHaveAttribute('aria-label', '4 unread replies');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
