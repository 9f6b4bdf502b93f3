import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAGE_SIZES, type ListProspectsResponse } from '@leadforge/contracts';
import { columnsSettings, listPage, listsOverview, prospectRow } from '../test/fixtures';
import { installApi, renderScreen, signIn, type RecordedCall } from '../test/render-screen';

// A whole page of 50 rows with antd and pro-components in jsdom, on a machine shared with other
// builds: the behaviour, not the speed, is under test.
jest.setTimeout(120_000);

beforeEach(() => signIn());

// The rows of the page on screen; more prospects match (`count`) on the pages after it.
const pageRows = () => [1, 2, 3].map((n) => prospectRow({ id: 1000 - n, name: `Person ${n}` }));

/** The prospects page of list 3 ("Pioneers"): its first page out of `count` matching prospects. */
function api(count: number, overrides: Partial<ListProspectsResponse>, answers: Record<string, unknown> = {}) {
  const overview = listsOverview();
  // A second list of the user's own, to move or copy to.
  overview.lists.push({ ...overview.lists[0]!, id: 5, name: 'Archive', folders: [] });
  return installApi({
    'GET /prospects/lists': overview,
    'POST /prospects/list-prospects': listPage(pageRows(), { prospectsCount: count, ...overrides }),
    'GET /prospects/columnsSettings': columnsSettings(),
    'GET /user-field-groups': { groups: [], ungrouped: [] },
    'GET /user-tags/get-custom-tags': { tags: [] },
    'POST /prospects/check-without-emails': { count: 0 },
    ...answers,
  });
}

const sent = (calls: RecordedCall[], path: string) => calls.filter((call) => call.path === path);

/** Ticks the page, then widens the selection to every matching prospect. */
async function selectAllMatching(label: RegExp) {
  const user = userEvent.setup({ delay: null });
  await screen.findByRole('link', { name: 'Person 1' });
  await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
  await user.click(await screen.findByRole('button', { name: label }));
  return user;
}

describe('prospects page: bulk actions on "all matching"', () => {
  it('copies every matching prospect but the unticked one as one selection, never paging through ids', async () => {
    const calls = api(120, {}, { 'POST /lists/add-prospect-to-list': { added: 119 } });
    await renderScreen('/prospects/list/3');
    const user = await selectAllMatching(/^Select all matching \(120\)$/);
    expect(await screen.findByText('Selected: 120')).toBeInTheDocument();

    // Unticking a row in "all matching" excludes it.
    await user.click(within(screen.getByText('Person 2').closest('tr')!).getByRole('checkbox'));
    expect(await screen.findByText('Selected: 119')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy to list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy to list' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Choose a list' }));
    await user.click(await screen.findByTitle('Archive'));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    // The toast reports what the server did.
    expect(await screen.findByText('Copied: 119')).toBeInTheDocument();
    expect(sent(calls, '/lists/add-prospect-to-list').map((call) => call.body)).toEqual([
      {
        selection: {
          listId: 3,
          filterUserId: null,
          filter: { emailStatus: [], tags: [], tagsFilter: 'any', duplicates: false, lists: [], linkedin: null },
          excludeIds: [998],
        },
        listId: 5,
        type: 'prospect',
      },
    ]);
    // Only the table's own page was asked for: nothing resolved the selection page by page.
    expect(sent(calls, '/prospects/list-prospects').every((call) => (call.body as { perPage: number }).perPage === PAGE_SIZES.prospects)).toBe(true);
  });

  it('shows a capped count as "N+" and deletes the whole selection out of the list', async () => {
    const calls = api(10_050, { prospectsCountCapped: true }, { 'DELETE /lists/remove-items': { removed: 12_345 } });
    await renderScreen('/prospects/list/3');
    expect(await screen.findByText('Total: 10050+')).toBeInTheDocument();

    const user = await selectAllMatching(/^Select all matching \(10050\+\)$/);
    expect(await screen.findByText('Selected: 10050+')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Delete the selected prospects (10050+)?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));

    expect(await screen.findByText('Deleted: 12345')).toBeInTheDocument();
    expect(sent(calls, '/lists/remove-items').map((call) => call.body)).toEqual([
      { selection: expect.objectContaining({ listId: 3, excludeIds: [] }), type: 'prospect', listId: 3, deleteRecipients: false },
    ]);
    // The selection is over once acted on.
    await waitFor(() => expect(screen.queryByText(/^Selected:/)).not.toBeInTheDocument());
  });

  it('queues the verification of "all matching" in one call and follows the rows on screen', async () => {
    const calls = api(120, {}, { 'POST /prospects/updateCheckEmails': { prospects: [], unresolved: 3 } });
    await renderScreen('/prospects/list/3');
    const user = await selectAllMatching(/^Select all matching \(120\)$/);
    await user.click(screen.getByRole('button', { name: 'Verify emails' }));

    expect(await screen.findByText('Verification started for 120')).toBeInTheDocument();
    // One call queues the whole selection; then the statuses of the page's rows are polled by id.
    await waitFor(() => expect(sent(calls, '/prospects/updateCheckEmails').length).toBeGreaterThanOrEqual(2));
    const [queued, polled] = sent(calls, '/prospects/updateCheckEmails');
    expect(queued?.body).toEqual({ selection: expect.objectContaining({ listId: 3, excludeIds: [] }) });
    expect(polled?.body).toEqual({ ids: pageRows().map((row) => row.id) });
    expect(sent(calls, '/calculate-emails-for-verify')).toEqual([]);
  });
});

describe('prospects page: the bulk actions offered', () => {
  /** The names of the buttons of the selection's toolbar, once a row is ticked. */
  async function offeredAfterTicking() {
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('link', { name: 'Person 1' });
    await user.click(within(screen.getByText('Person 1').closest('tr')!).getByRole('checkbox'));
    const toolbar = await screen.findByRole('toolbar', { name: 'Actions on the selection' });
    return within(toolbar)
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter((name) => name !== 'Clear selection');
  }

  it('offers every action in an own list', async () => {
    api(3, {});
    await renderScreen('/prospects/list/3');
    expect(await offeredAfterTicking()).toEqual(['Move', 'Copy to list', 'Tag', 'Delete', 'Verify emails', 'Export CSV']);
  });

  it('offers no move on All contacts', async () => {
    api(3, { listId: null, currentProspectList: null });
    await renderScreen('/prospects/all');
    expect(await offeredAfterTicking()).toEqual(['Copy to list', 'Tag', 'Delete', 'Verify emails', 'Export CSV']);
  });

  it("offers only what the list's showOptions allow", async () => {
    api(3, {
      currentProspectList: { id: 3, name: 'Pioneers', userId: 20, isMemberList: true },
      showOptions: { canEdit: false, canDelete: false, canVerify: false, canTag: true },
    });
    await renderScreen('/prospects/list/3');
    expect(await offeredAfterTicking()).toEqual(['Tag', 'Export CSV']);
  });
});
