import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { UniboxMessageItem } from '@leadforge/contracts';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { threadRow } from '../../../testing/thread-row';
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
  channel: 'email',
  emailAccountId: 3,
  linkedinAccountId: null,
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
    await renderInRemote(remoteTexts, <ConversationPane threadId={7} forUserId={undefined} row={null} inTrash={false} showBack={false} onBack={jest.fn()} />);

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
    await renderInRemote(remoteTexts, <ConversationPane threadId={7} forUserId={undefined} row={null} inTrash={false} showBack={false} onBack={jest.fn()} />);

    const frame = await screen.findByTitle(/Pricing question/);
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('<img src="data:image/png;base64,UE5H" alt="Acme">'));
  });

  it('answers a LinkedIn conversation in plain text through its account, once per composed message, and lists it queued', async () => {
    const INLINE = 'POST /pipelines/api/li-touch/inline-message';
    const linkedin = { channel: 'linkedin' as const, emailAccountId: null, linkedinAccountId: 5, folder: '', html: null, attachments: [], kind: 'message', subject: '' };
    const stored = [
      message({ ...linkedin, id: 50, direction: 'outgoing', isRead: true, text: 'Glad to connect, Ada.', from: { name: 'Sam Seller', address: '' } }),
      message({ ...linkedin, id: 51, text: 'Tell me more about pricing.', from: { name: 'Ada Lovelace', address: 'https://www.linkedin.com/in/ada' } }),
    ];
    // Once the answer is queued the conversation lists it (by its action's id, which may be a stored message's too).
    const queuedAnswer = message({ ...linkedin, id: 50, direction: 'outgoing', isRead: true, delivery: 'queued', text: 'Sure, here are the plans.', from: { name: 'Sam Seller', address: '' } });
    api().on(MESSAGES, () => ({ body: { items: api().callsTo(INLINE).length > 0 ? [...stored, queuedAnswer] : stored } }));
    api().on(READ, { body: { changed: 1, unreadMessages: 0 } });
    const action = {
      id: 9,
      linkedinAccountId: 5,
      action: 'message',
      profileUrl: 'https://www.linkedin.com/in/ada',
      state: 'queued',
      reason: null,
      dueAt: '2025-03-03T10:00:00.000Z',
      doneAt: null,
      campaignId: null,
      recipientId: null,
    };
    api().on(INLINE, { body: { action } });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const row = threadRow({ channel: 'linkedin', emailAccountId: null, linkedinAccountId: 5, subject: '', counterpart: { name: 'Ada Lovelace', address: 'https://www.linkedin.com/in/ada' } });
    await renderInRemote(remoteTexts, <ConversationPane threadId={7} forUserId={undefined} row={row} inTrash={false} showBack={false} onBack={jest.fn()} />);

    expect(await screen.findByText('Tell me more about pricing.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'LinkedIn conversation' })).toBeInTheDocument();
    expect(screen.getAllByText('LinkedIn message')).toHaveLength(2);
    // No mail composer: no reply modes, no subject, no rich text.
    expect(screen.queryByRole('button', { name: 'Send reply' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your LinkedIn message' }), 'Sure, here are the plans.');
    await user.click(screen.getByRole('button', { name: 'Send on LinkedIn' }));
    expect(await screen.findByText(/Queued: the account sends it within its daily limits/)).toBeInTheDocument();
    const sent = api().callsTo(INLINE)[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ linkedinAccountId: 5, profileUrl: 'https://www.linkedin.com/in/ada', message: 'Sure, here are the plans.' });
    expect(sent.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Sure, here are the plans.', { selector: ':not(textarea)' })).toBeInTheDocument();
    expect(screen.getByText('Queued')).toBeInTheDocument();
    expect(screen.getByText('Glad to connect, Ada.')).toBeInTheDocument();
  });

  it('fills the answer from a template of the library and inserts a variable the server fills', async () => {
    api().on(MESSAGES, { body: { items: [message({})] } });
    api().on(READ, { body: { changed: 1, unreadMessages: 0 } });
    api().on('GET /pipelines/api/templates', {
      body: {
        items: [
          {
            categoryId: null,
            categoryName: null,
            templateId: 3,
            templateName: 'Pricing answer',
            templateData: { subject: 'Our pricing', body: 'Plans start at 10 EUR.', plainTextMode: true, isAiGenerated: false },
            updatedAt: '2025-03-01T09:00:00.000Z',
          },
        ],
      },
    });
    api().on(SEND, { body: { status: 'failed', isMailProviderError: false, isRecipientsExceeded: false, message: null, errors: [] } });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await renderInRemote(remoteTexts, <ConversationPane threadId={7} forUserId={undefined} row={null} inTrash={false} showBack={false} onBack={jest.fn()} />);

    // antd opens a select on mouse down.
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Use a template' }));
    fireEvent.click(await screen.findByTitle('Pricing answer'));
    await user.click(screen.getByRole('button', { name: 'Insert a variable' }));
    await user.click(await screen.findByText('{{firstName}}'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveTextContent('Plans start at 10 EUR. {{firstName}}'));
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(api().callsTo(SEND)).toHaveLength(1));
    expect(api().callsTo(SEND)[0]?.body).toMatchObject({ html: '<p>Plans start at 10 EUR. {{firstName}}</p>' });
  });
});
