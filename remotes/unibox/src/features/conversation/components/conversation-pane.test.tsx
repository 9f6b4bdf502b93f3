import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { UniboxMessageItem } from '@leadforge/contracts';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import remoteModule from '../../../routes';
import { ConversationPane } from './conversation-pane';

const api = withApiDouble();

// ProseMirror (the composer's editor) measures the page to place the cursor; jsdom lays nothing out.
beforeAll(() => {
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
  document.elementFromPoint = () => null;
});
const MESSAGES = 'GET /pipelines/api/unibox/thread-groups/7/messages';
const READ = 'POST /pipelines/api/unibox/read';
const SEND = 'POST /pipelines/api/send-email';

const message = (overrides: Partial<UniboxMessageItem>): UniboxMessageItem => ({
  id: 41,
  threadId: 7,
  emailAccountId: 3,
  folder: 'INBOX',
  messageId: '<a@acme.test>',
  inReplyTo: null,
  from: { name: 'Ada Lovelace', address: 'ada@acme.test' },
  to: ['sales@leadforge.test'],
  subject: 'Pricing question',
  receivedAt: '2025-03-03T09:00:00.000Z',
  kind: 'reply',
  html: null,
  text: 'Could you send the pricing?',
  attachments: [{ filename: 'brief.pdf', contentType: 'application/pdf', size: 2048, disposition: 'attachment', contentId: null }],
  isRead: false,
  isStarred: false,
  isDeleted: false,
  direction: 'incoming',
  delivery: null,
  ...overrides,
});

describe('an open conversation', () => {
  it('marks the thread read on opening, sends a reply with an idempotency key and shows a refusal, then the queued message', async () => {
    api().on(MESSAGES, { body: { items: [message({})] } });
    api().on(READ, { body: { changed: 1, unreadMessages: 0 } });
    api().on(SEND, { body: { status: 'failed', isMailProviderError: true, isRecipientsExceeded: false, message: '550 mailbox full', errors: [{ key: 'mail_account_paused' }] } });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await renderInRemote(remoteModule, <ConversationPane threadId={7} forUserId={undefined} row={null} inTrash={false} showBack={false} onBack={jest.fn()} />);

    expect(await screen.findByText('Could you send the pricing?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download brief.pdf' })).toHaveAttribute('href', expect.stringMatching(/\/pipelines\/api\/unibox\/messages\/41\/attachments\/0$/));
    await waitFor(() => expect(api().callsTo(READ)).toHaveLength(1));
    expect(api().callsTo(READ)[0]?.body).toEqual({ threadIds: [7], isRead: true });

    await user.click(await screen.findByRole('textbox', { name: 'Your message' }));
    await user.paste('Here it is');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('The message was not sent')).toBeInTheDocument();
    expect(screen.getByText("The mailbox's mail server refused the message.")).toBeInTheDocument();
    expect(screen.getByText('This email account is paused. Resume it to send from it.')).toBeInTheDocument();
    expect(screen.getByText('The server said: 550 mailbox full')).toBeInTheDocument();
    const first = api().callsTo(SEND)[0]?.body as Record<string, unknown>;
    expect(first).toMatchObject({ threadId: 7, messageId: 41, mode: 'reply', html: '<p>Here it is</p>', to: [], cc: [] });
    expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    // The same composed message keeps its key on a retry, so the server can send it at most once.
    api().on(SEND, { body: { status: 'queued', item: message({ id: 42, direction: 'outgoing', delivery: 'queued', text: 'Here it is', attachments: [], isRead: true, from: { name: null, address: 'sales@leadforge.test' } }) } });
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Sent by you')).toBeInTheDocument();
    expect(screen.getByText('Queued')).toBeInTheDocument();
    expect((api().callsTo(SEND)[1]?.body as Record<string, unknown>).idempotencyKey).toBe(first.idempotencyKey);
  });

  it('shows the pictures a message carries (cid:) in its frame, fetched from the attachment call', async () => {
    api().on(MESSAGES, {
      body: {
        items: [
          message({
            html: '<p>Our logo:</p><img src="cid:logo@acme.test" alt="Acme">',
            attachments: [{ filename: 'logo.png', contentType: 'image/png', size: 3, disposition: 'inline', contentId: 'logo@acme.test' }],
          }),
        ],
      },
    });
    api().on(READ, { body: { changed: 1, unreadMessages: 0 } });
    api().on('GET /pipelines/api/unibox/messages/41/attachments/0', { text: 'PNG', contentType: 'image/png' });
    await renderInRemote(remoteModule, <ConversationPane threadId={7} forUserId={undefined} row={null} inTrash={false} showBack={false} onBack={jest.fn()} />);

    const frame = await screen.findByTitle(/Pricing question/);
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('<img src="data:image/png;base64,UE5H" alt="Acme">'));
  });
});
