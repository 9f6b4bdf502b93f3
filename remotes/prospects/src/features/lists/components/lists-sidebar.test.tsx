import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listsOverview, OWNER_ID } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-screen';
import { ListsSidebar, type ListCommand, type ListsSidebarProps } from './lists-sidebar';

// antd forms in jsdom are slow on a cold start; the behaviour, not the speed, is under test.
jest.setTimeout(30_000);

function setup(overrides: Partial<ListsSidebarProps> = {}) {
  const commands: ListCommand[] = [];
  const overview = listsOverview();
  const props: ListsSidebarProps = {
    ...overview,
    activeListId: null,
    userId: OWNER_ID,
    teamFilter: 'all',
    onTeamFilterChange: () => undefined,
    onSelect: () => undefined,
    onCommand: (command) => commands.push(command),
    ...overrides,
  };
  return { commands, props };
}

describe('lists sidebar', () => {
  it('shows All contacts with its count and lists inside their folders', async () => {
    const { props } = setup();
    await renderWithProviders(<ListsSidebar {...props} />);
    expect(screen.getByText('All contacts')).toBeInTheDocument();
    expect(screen.getByText('Research')).toBeInTheDocument();
    expect(screen.getByText('Pioneers')).toBeInTheDocument();
    expect(screen.getByText('Team leads')).toBeInTheDocument();
  });

  it("shows only the user's own lists under 'Mine'", async () => {
    const { props } = setup({ teamFilter: 'me' });
    await renderWithProviders(<ListsSidebar {...props} />);
    expect(screen.getByText('Pioneers')).toBeInTheDocument();
    expect(screen.queryByText('Team leads')).not.toBeInTheDocument();
  });

  it('creates a list and a folder by name', async () => {
    const user = userEvent.setup({ delay: null });
    const { props, commands } = setup();
    await renderWithProviders(<ListsSidebar {...props} />);
    await user.click(screen.getByRole('button', { name: /New list/ }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Conference leads' } });
    fireEvent.keyDown(await screen.findByLabelText('Name'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await user.click(screen.getByRole('button', { name: /New folder/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Events' } });
    fireEvent.keyDown(within(dialog).getByLabelText('Name'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(commands).toEqual([
      { kind: 'createList', name: 'Conference leads' },
      { kind: 'createFolder', name: 'Events' },
    ]);
  });

  it('restores a deleted list', async () => {
    const user = userEvent.setup({ delay: null });
    const overview = listsOverview();
    const { props, commands } = setup({ deletedLists: [{ ...overview.lists[0]!, id: 9, name: 'Old list' }] });
    await renderWithProviders(<ListsSidebar {...props} />);
    await user.click(screen.getByRole('button', { name: /Restore/ }));
    expect(commands).toEqual([{ kind: 'restoreList', listId: 9 }]);
  });
});
