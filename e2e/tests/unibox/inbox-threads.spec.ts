import { expect, test } from '../../support/fixtures';
import { mailboxPeers, minutesAgo, openSyncedUnibox, text, type Mail } from './unibox-world';

// A mailbox whose IMAP server (Dovecot on loopback) already holds 200 messages when it is
// connected: five conversations of 2 to 6 messages chained by In-Reply-To and References (one
// reply under a new subject), and 180 single notes from as many senders; some were already read
// in another mail client (\Seen).
const MAILBOX = 'ada@inbox-threads.test';
const PASSWORD = 'Mailbox-App-Password-80';
const SIZES = [2, 3, 4, 5, 6];
const SINGLES = 180;

function conversation(index: number, size: number, startsMinutesAgo: number): Mail[] {
  const person = `person${index}@people.test`;
  const ids = Array.from({ length: size }, (_, n) => `conv${index}-${n}@people.test`);
  return ids.map((messageId, n) => ({
    from: person,
    fromName: `Conversation Person${index}`,
    to: MAILBOX,
    // The last reply of the longest conversation changes the subject: its headers still thread it.
    subject: index === SIZES.length - 1 && n === size - 1 ? 'A new subject for the same talk' : `${n === 0 ? '' : 'Re: '}Project ${index}`,
    messageId,
    ...(n > 0 ? { inReplyTo: ids[n - 1]!, references: ids.slice(0, n) } : {}),
    at: minutesAgo(startsMinutesAgo - n),
    text: `Message ${n + 1} of the talk about project ${index}.`,
    seen: n === 0,
  }));
}

const singles: Mail[] = Array.from({ length: SINGLES }, (_, index) => ({
  from: `single${index}@people.test`,
  to: MAILBOX,
  subject: `Note number ${index}`,
  messageId: `single-${index}@people.test`,
  // Older than every conversation, so the conversations head the list.
  at: minutesAgo(600 - index),
  seen: index % 3 === 0,
}));
// The longest conversation is the newest.
const conversations = SIZES.flatMap((size, index) => conversation(index, size, 100 - index * 10));
const MESSAGES = SINGLES + conversations.length;
const THREADS = SINGLES + SIZES.length;

const mail = [...singles, ...conversations];
const peers = mailboxPeers(MAILBOX, PASSWORD, () => mail);

test('a mailbox connected with 200 messages shows them as threads with their unread counts', async ({ page, playwright, user }) => {
  // A new mailbox joins the running IMAP sync within seconds; 200 messages take a while on shared cores.
  test.setTimeout(150_000);
  expect(MESSAGES).toBe(200);
  const mailboxId = await openSyncedUnibox({ page, playwright, user }, peers, { email: MAILBOX, password: PASSWORD, count: MESSAGES });
  const folders = page.getByRole('navigation', { name: text('folders.label') });
  const list = page.getByRole('list', { name: text('list.label') });
  // What was read in another mail client (\Seen on the server) counts as read here too.
  const UNREAD = mail.filter((message) => !message.seen).length;
  expect(UNREAD).toBe(135);
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: THREADS }));
  await expect(folders.getByRole('menuitem').filter({ hasText: /^All/ }).getByLabel(text('folders.unread', { count: UNREAD }))).toBeVisible();
  await expect(folders.getByRole('menuitem').filter({ hasText: MAILBOX }).getByLabel(text('folders.unread', { count: UNREAD }))).toBeVisible();
  await expect(page.getByTestId('header-unread')).toHaveAttribute('aria-label', `${UNREAD} unread replies`);

  // The newest thread is the six-message conversation, its last reply under another subject.
  const rows = list.getByTestId('thread-row');
  const newest = rows.first();
  await expect(newest.getByRole('link', { name: text('thread.openUnread', { who: 'Conversation Person4', count: 5 }) })).toBeVisible();
  await expect(newest).toContainText('(6)');
  await expect(newest).toContainText('A new subject for the same talk');
  for (const [index, size] of SIZES.entries()) {
    await expect(list.getByRole('link', { name: text('thread.openUnread', { who: `Conversation Person${index}`, count: size - 1 }) })).toBeVisible();
  }

  // The mailbox's folders: INBOX holds all 200.
  await folders.getByRole('menuitem').filter({ hasText: MAILBOX }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]emailAccountIds=${mailboxId}`));
  const inbox = folders.getByTitle(text('folders.folderTotal', { name: 'INBOX', count: MESSAGES }));
  await expect(inbox).toBeVisible();
  await expect(inbox.getByLabel(text('folders.unread', { count: UNREAD }))).toBeVisible();
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: THREADS }));

  // Opening the conversation shows its six messages and reads them: every count drops by the five unread.
  await newest.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/unibox\/\d+/);
  const conversationPane = page.getByTestId('conversation-pane');
  await expect(conversationPane.getByTestId('unibox-message')).toHaveCount(6);
  await expect(conversationPane.getByRole('heading', { level: 2 })).toHaveText('A new subject for the same talk');
  await expect(page.getByTestId('header-unread')).toHaveAttribute('aria-label', `${UNREAD - 5} unread replies`);
  await expect(folders.getByRole('menuitem').filter({ hasText: /^All/ }).getByLabel(text('folders.unread', { count: UNREAD - 5 }))).toBeVisible();
  await expect(inbox.getByLabel(text('folders.unread', { count: UNREAD - 5 }))).toBeVisible();
  await expect(newest.getByRole('link', { name: text('thread.open', { who: 'Conversation Person4' }) })).toBeVisible();
});
