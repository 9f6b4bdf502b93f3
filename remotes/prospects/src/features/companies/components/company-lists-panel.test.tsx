import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOW } from '../../../test/fixtures';
import { installApi, renderWithProviders, type RecordedCall, type Reply } from '../../../test/render-screen';
import { CompanyListsPanel } from './company-lists-panel';

// antd menus and modals in jsdom are slow on a cold start; the behaviour, not the speed, is under test.
jest.setTimeout(60_000);

const lists = [
  { id: 5, listName: 'Fintech', count: 12, folders: [] },
  { id: 6, listName: 'Robotics', count: 3, folders: [] },
];

// The folders are shared with prospect lists: 3 is a prospect list, which the panel never shows.
const folders = [
  { id: 1, name: 'Research', position: 0, lists: [3] },
  { id: 2, name: 'Partners', position: 1, lists: [] },
];

const history = {
  items: [
    { id: 4, action: 'companies_moved', details: { from: 6, to: 5, count: 2 }, createdAt: NOW },
    { id: 3, action: 'companies_added', details: { listId: 6, count: 5 }, createdAt: NOW },
    { id: 2, action: 'list_created', details: { listId: 6, name: 'Robotics' }, createdAt: NOW },
    { id: 1, action: 'list_created', details: { listId: 5, name: 'Fintech' }, createdAt: NOW },
  ],
  total: 4,
};

function setup(answers: Record<string, unknown | ((call: RecordedCall) => Reply)> = {}) {
  const selected: (number | null)[] = [];
  const calls = installApi({
    'GET /companies/lists': { lists },
    'GET /folders/list': { folders },
    // The server answers one list's history when asked for it (entries with its id, or moves from or to it).
    'POST /companies/get-history': (call: RecordedCall) => {
      const listId = (call.body as { listId?: number }).listId;
      const about = (entry: (typeof history.items)[number]) => [entry.details.listId, entry.details.from, entry.details.to].includes(listId);
      const items = listId === undefined ? history.items : history.items.filter(about);
      return { status: 200, body: { items, total: items.length } };
    },
    ...answers,
  });
  return { calls, selected, onSelect: (id: number | null) => selected.push(id) };
}

const callTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.find((call) => call.method === method && call.path === path);

async function openListAction(name: string, action: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

// A submenu's animated popup can take seconds to mount in jsdom on a loaded machine: its items are awaited longer.
const SUBMENU = { timeout: 30_000 };

/** Opens the "Move to folder" submenu of a list's actions (a submenu opens on hover). */
async function openMoveToFolder(name: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.hover(await screen.findByText('Move to folder'));
}

describe('company lists', () => {
  it('shows each list with its count, and selecting one tells the page', async () => {
    const { onSelect, selected } = setup();
    await renderWithProviders(<CompanyListsPanel activeListId={null} onSelect={onSelect} />);
    expect(await screen.findByText('Fintech')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByText('Robotics'));
    expect(selected).toEqual([6]);
  });

  it('says so when there are no company lists yet', async () => {
    setup({ 'GET /companies/lists': { lists: [] } });
    await renderWithProviders(<CompanyListsPanel activeListId={null} onSelect={() => undefined} />);
    expect(await screen.findByText('No company lists yet')).toBeInTheDocument();
  });

  it('shows the error with a retry that loads the lists again', async () => {
    let attempts = 0;
    setup({
      'GET /companies/lists': () => {
        attempts += 1;
        return attempts === 1
          ? // A refusal is not retried by the client, so the error shows at once.
            { status: 403, body: { errors: [{ key: 'forbidden', title: 'Not allowed', description: 'You may not do this.' }] } }
          : { status: 200, body: { lists } };
      },
    });
    await renderWithProviders(<CompanyListsPanel activeListId={null} onSelect={() => undefined} />);
    const alert = await screen.findByRole('alert');
    await userEvent.setup({ delay: null }).click(within(alert).getByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByText('Fintech')).toBeInTheDocument();
  });

  it('offers the server’s default name for a new list and opens the created list', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, onSelect, selected } = setup({
      'POST /lists/default-list-name': { name: 'Company list 3' },
      'POST /lists/add': { id: 9, name: 'Company list 3', contacts: 0 },
    });
    await renderWithProviders(<CompanyListsPanel activeListId={null} onSelect={onSelect} />);
    await user.click(await screen.findByRole('button', { name: /New company list/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New company list' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue('Company list 3'));
    expect(callTo(calls, 'POST', '/lists/default-list-name')?.body).toEqual({ type: 'company' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(selected).toEqual([9]));
    expect(callTo(calls, 'POST', '/lists/add')?.body).toEqual({ type: 'company', name: 'Company list 3' });
  });

  it('renames a list', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = setup({ 'PUT /lists/edit': { id: 5, name: 'Payments', contacts: 12 } });
    await renderWithProviders(<CompanyListsPanel activeListId={5} onSelect={() => undefined} />);
    await openListAction('Fintech', 'Rename');
    const dialog = await screen.findByRole('dialog', { name: 'Rename “Fintech”' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Payments' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callTo(calls, 'PUT', '/lists/edit')?.body).toEqual({ type: 'company', listId: 5, newName: 'Payments' }),
    );
    expect(await screen.findByText('Company list renamed to “Payments”')).toBeInTheDocument();
  });

  it('deletes a list only after the confirmation, and leaves it when it was open', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, onSelect, selected } = setup({ 'DELETE /lists': { ok: true } });
    await renderWithProviders(<CompanyListsPanel activeListId={5} onSelect={onSelect} />);
    await openListAction('Fintech', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete the company list “Fintech”?' });
    expect(callTo(calls, 'DELETE', '/lists')).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(selected).toEqual([null]));
    expect(callTo(calls, 'DELETE', '/lists')?.body).toMatchObject({ id: 5, type: 'company' });
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = setup({ 'DELETE /lists': { ok: true } });
    await renderWithProviders(<CompanyListsPanel activeListId={null} onSelect={() => undefined} />);
    await openListAction('Robotics', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete the company list “Robotics”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callTo(calls, 'DELETE', '/lists')).toBeUndefined();
  });

  it('shows a list’s own history with the list names', async () => {
    const { calls } = setup();
    await renderWithProviders(<CompanyListsPanel activeListId={null} onSelect={() => undefined} />);
    await openListAction('Fintech', 'History');
    const drawer = await screen.findByRole('dialog', { name: 'History of “Fintech”' });
    expect(await within(drawer).findByText('2 moved from “Robotics” to “Fintech”')).toBeInTheDocument();
    expect(within(drawer).getByText('List “Fintech” created')).toBeInTheDocument();
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(2);
    // The server picks the list's entries: the call names the list, nothing is filtered here.
    expect(calls.filter((call) => call.path === '/companies/get-history').map((call) => call.body)).toEqual([
      { page: 1, limit: 200, listId: 5 },
    ]);
  });

  it('groups the lists by the folders they are filed in, leaving out the prospect lists of those folders', async () => {
    setup({
      'GET /companies/lists': { lists: [lists[0], { ...lists[1]!, folders: [2] }] },
      'GET /folders/list': { folders: [folders[0], { ...folders[1]!, lists: [6, 3] }] },
    });
    await renderWithProviders(<CompanyListsPanel activeListId={null} onSelect={() => undefined} />);
    const partners = (await screen.findByRole('menuitem', { name: /Partners/ })).closest('li')!;
    expect(within(within(partners).getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Robotics3']);
    // Research holds only a prospect list: no folder row for it here, and Fintech is in no folder.
    expect(screen.queryByRole('menuitem', { name: /Research/ })).not.toBeInTheDocument();
    expect(screen.getByText('Fintech')).toBeInTheDocument();
    expect(partners).not.toContainElement(screen.getByText('Fintech'));
  });

  it('files a list in a folder', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = setup({ 'POST /folders/list/move': { folders } });
    await renderWithProviders(<CompanyListsPanel activeListId={null} onSelect={() => undefined} />);
    await openMoveToFolder('Fintech');
    await user.click(await screen.findByRole('menuitem', { name: 'Partners' }, SUBMENU));
    expect(await screen.findByText('“Fintech” filed in “Partners”')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/folders/list/move').map((call) => call.body)).toEqual([{ listId: 5, folderId: 2 }]);
  });

  it('says where to make a folder when there is none', async () => {
    setup({ 'GET /folders/list': { folders: [] } });
    await renderWithProviders(<CompanyListsPanel activeListId={null} onSelect={() => undefined} />);
    await openMoveToFolder('Fintech');
    expect(await screen.findByRole('menuitem', { name: 'No folders yet: create one in the prospect lists' }, SUBMENU)).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows everything done with companies from the History button', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await renderWithProviders(<CompanyListsPanel activeListId={null} onSelect={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: /History/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Company history' });
    expect(await within(drawer).findByText('5 added to “Robotics”')).toBeInTheDocument();
    expect(within(drawer).getByText('List “Fintech” created')).toBeInTheDocument();
  });
});
