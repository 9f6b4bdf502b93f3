import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { UniboxEmailAccount } from '@leadforge/contracts';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { threadRow } from '../../../testing/thread-row';
import { useThreadView } from '../hooks/use-thread-view';
import { ThreadsPane } from './threads-pane';

// The list against the API double: what it shows, what each control sends, what goes to the URL.
const api = withApiDouble();

// jsdom lays nothing out: give elements a size so the virtualised list has a window to fill.
const sized = ['clientHeight', 'clientWidth'] as const;
const originals = sized.map((name) => Object.getOwnPropertyDescriptor(Element.prototype, name));
beforeAll(() => sized.forEach((name) => Object.defineProperty(Element.prototype, name, { configurable: true, get: () => 800 })));
afterAll(() => sized.forEach((name, index) => Object.defineProperty(Element.prototype, name, originals[index]!)));

const LIST = 'POST /pipelines/api/unibox/thread-groups';

const row = threadRow;
const account = { id: 3, name: 'sales@leadforge.test' } as UniboxEmailAccount;

function Harness() {
  const [view, setView, clear] = useThreadView();
  const location = useLocation();
  return (
    <>
      <ThreadsPane view={view} forUserId={undefined} accounts={[account]} linkedinAccounts={[]} activeId={null} onViewChange={setView} onClearView={clear} onOpen={jest.fn()} />
      <output data-testid="search">{location.search}</output>
    </>
  );
}

describe('the thread list', () => {
  it('shows the threads with the total, takes its filters from the URL and sends a new one with the rest', async () => {
    api().on(LIST, { body: { items: [row({}), row({ id: 8, counterpart: { name: null, address: 'bob@beta.test' }, unreadCount: 0, campaign: null, leadStatus: null })], total: 2, page: 1, pageSize: 20 } });
    await renderInRemote(remoteTexts, <Harness />, { path: '/unibox?campaignIds=4&text=pricing' });

    expect(await screen.findByText('Conversations: 2')).toBeInTheDocument();
    const rows = screen.getAllByTestId('thread-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Pricing question')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Campaign: Spring outreach')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Lead: interested')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('bob@beta.test')).toBeInTheDocument();
    expect(api().callsTo(LIST)[0]?.body).toEqual({ text: 'pricing', campaignIds: [4], page: 1, pageSize: 20 });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Leads only' }));
    await waitFor(() => expect(api().callsTo(LIST)).toHaveLength(2));
    expect(api().callsTo(LIST)[1]?.body).toEqual({ text: 'pricing', campaignIds: [4], leads: true, page: 1, pageSize: 20 });
    expect(new URLSearchParams(screen.getByTestId('search').textContent ?? '').get('leads')).toBe('1');
  });

  it('shows a total the server stopped counting as "1,000+"', async () => {
    const items = Array.from({ length: 20 }, (_, index) => row({ id: 100 + index }));
    api().on(LIST, { body: { items, total: 1000, totalCapped: true, page: 1, pageSize: 20 } });
    await renderInRemote(remoteTexts, <Harness />, { path: '/unibox?text=pricing' });

    expect(await screen.findByTestId('thread-total')).toHaveTextContent('Conversations: 1,000+');
  });

  it('pages on past a capped total while pages come back full, then shows the exact total at the end', async () => {
    // As a server counting up to 5 answers 8 conversations, five to a page.
    api().on(LIST, (call) => {
      const { page } = call.body as { page: number };
      return page === 1
        ? { body: { items: [1, 2, 3, 4, 5].map((id) => row({ id })), total: 5, totalCapped: true, page: 1, pageSize: 5 } }
        : { body: { items: [6, 7, 8].map((id) => row({ id })), total: 8, page: 2, pageSize: 5 } };
    });
    await renderInRemote(remoteTexts, <Harness />, { path: '/unibox' });

    await waitFor(() => expect(screen.getAllByTestId('thread-row')).toHaveLength(8));
    expect(screen.getByTestId('thread-total')).toHaveTextContent('Conversations: 8');
    expect(api().callsTo(LIST).map((call) => (call.body as { page: number }).page)).toEqual([1, 2]);
  });

  it('stars a thread and moves the selected ones to the trash with the right bodies', async () => {
    api().on(LIST, { body: { items: [row({})], total: 1, page: 1, pageSize: 20 } });
    api().on('POST /pipelines/api/unibox/star', { body: { changed: 3, unreadMessages: 2 } });
    api().on('POST /pipelines/api/unibox/delete', { body: { changed: 3, unreadMessages: 0 } });
    await renderInRemote(remoteTexts, <Harness />, { path: '/unibox' });

    fireEvent.click(await screen.findByRole('button', { name: 'Star the conversation with Ada Lovelace' }));
    await waitFor(() => expect(api().callsTo('POST /pipelines/api/unibox/star')).toHaveLength(1));
    expect(api().callsTo('POST /pipelines/api/unibox/star')[0]?.body).toEqual({ threadIds: [7], isStarred: true });
    // The star re-reads the list; select only once that read is back, so it cannot land mid-flow.
    await waitFor(() => expect(api().callsTo(LIST)).toHaveLength(2));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the conversation with Ada Lovelace' }));
    const actions = await screen.findByTestId('selection-actions');
    expect(actions).toHaveTextContent('Selected: 1');
    const trashButton = within(actions).getByRole('button', { name: 'Move to trash' });
    await waitFor(() => expect(trashButton).toBeEnabled());
    fireEvent.click(trashButton);
    // The confirmation's own button (the icon button that opened it has the same name).
    const confirmation = (await screen.findByText('Move to the trash?')).closest<HTMLElement>('.ant-popconfirm');
    fireEvent.click(within(confirmation!).getByRole('button', { name: 'Move to trash' }));
    await waitFor(() => expect(api().callsTo('POST /pipelines/api/unibox/delete')).toHaveLength(1));
    expect(api().callsTo('POST /pipelines/api/unibox/delete')[0]?.body).toEqual({ threadIds: [7] });
  });
});
