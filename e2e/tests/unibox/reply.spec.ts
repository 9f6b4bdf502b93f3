import { readMail } from '../../../api/src/test-support/received-mail';
import { expect, test } from '../../support/fixtures';
import { mailboxPeers, minutesAgo, openSyncedUnibox, text, type Mail } from './unibox-world';

// Bea wrote twice (a question, then a follow-up threaded on it); the user answers from the unibox.
// The answer leaves through the mailbox's SMTP server (a loopback peer that keeps what it got).
const MAILBOX = 'ada@unibox-reply.test';
const PASSWORD = 'Mailbox-App-Password-81';
const BEA = 'bea.buyer@people.test';
const FIRST = 'bea-question@people.test';
const FOLLOW_UP = 'bea-follow-up@people.test';
const thread: Mail[] = [
  { from: BEA, fromName: 'Bea Buyer', to: MAILBOX, subject: 'Pricing for 40 seats', messageId: FIRST, at: minutesAgo(30), text: 'What would 40 seats cost?' },
  {
    from: BEA,
    fromName: 'Bea Buyer',
    to: MAILBOX,
    subject: 'Re: Pricing for 40 seats',
    messageId: FOLLOW_UP,
    inReplyTo: FIRST,
    references: [FIRST],
    at: minutesAgo(10),
    text: 'And is there a yearly discount?',
  },
];

const peers = mailboxPeers(MAILBOX, PASSWORD, () => thread);

test('a reply from the unibox reaches the sender threaded on the answered message and joins the conversation', async ({ page, playwright, user }) => {
  // The first sync of a new mailbox may take up to the world's wait (unibox-world.ts) on shared cores.
  test.setTimeout(150_000);
  await openSyncedUnibox({ page, playwright, user }, peers, { email: MAILBOX, password: PASSWORD, count: thread.length });
  const list = page.getByRole('list', { name: text('list.label') });
  await list.getByRole('link', { name: text('thread.openUnread', { who: 'Bea Buyer', count: 2 }) }).click();
  const conversation = page.getByTestId('conversation-pane');
  await expect(conversation.getByTestId('unibox-message')).toHaveCount(2);

  const composer = page.getByTestId('reply-composer');
  await composer.getByRole('textbox', { name: text('composer.body') }).fill('Forty seats are 800 a month, and a year paid at once saves two months.');
  await composer.getByRole('button', { name: text('composer.send.reply') }).click();
  await expect(page.getByText(text('composer.queued'))).toBeVisible();

  // It arrives at the SMTP server as an answer to the follow-up, the latest message.
  await expect.poll(() => peers.smtp.received.filter((mail) => mail.to.includes(BEA)).length, { timeout: 30_000 }).toBe(1);
  const sent = await readMail(peers.smtp.received.find((mail) => mail.to.includes(BEA))!.raw);
  expect(sent.subject).toBe('Re: Pricing for 40 seats');
  expect(sent.header('In-Reply-To')).toBe(`<${FOLLOW_UP}>`);
  expect(sent.header('References')?.split(/\s+/)).toEqual(expect.arrayContaining([`<${FOLLOW_UP}>`, `<${FIRST}>`]));
  expect(sent.html).toContain('Forty seats are 800 a month');

  // And in the conversation, as the user's own, sent.
  const messages = conversation.getByTestId('unibox-message');
  await expect(messages).toHaveCount(3);
  const answer = messages.last();
  await expect(answer).toContainText(text('message.outgoing'));
  await expect(answer).toContainText(text('message.to', { to: BEA }));
  await expect(answer.getByText(text('message.delivery.sent'), { exact: true })).toBeVisible();
  await expect(answer.frameLocator('iframe').getByText('Forty seats are 800 a month')).toBeVisible();
});
