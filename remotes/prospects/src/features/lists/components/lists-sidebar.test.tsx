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

  it('leaves out the ids of lists it does not know, such as company lists filed in a folder', async () => {
    const overview = listsOverview();
    // Folder 1 also holds company list 77; folder 2 holds company lists only.
    const { props } = setup({
      folders: [
        { id: 1, name: 'Research', position: 0, lists: [3, 77] },
        { id: 2, name: 'Partners', position: 1, lists: [78] },
      ],
      lists: overview.lists,
    });
    await renderWithProviders(<ListsSidebar {...props} />);
    // The rows inside a folder's submenu.
    const rowsOf = (folder: RegExp) => {
      const submenu = screen.getByRole('menuitem', { name: folder }).closest('li')!;
      return within(within(submenu).getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
    };
    // Research: only Pioneers (and its count); Partners: the empty-folder row, not a blank one.
    expect(rowsOf(/Research/)).toEqual(['Pioneers2']);
    expect(rowsOf(/Partners/)).toEqual(['No lists in this folder']);
    // Every row of the menu names something.
    for (const item of screen.getAllByRole('menuitem')) expect(item.textContent?.trim()).not.toBe('');
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

  describe('drag and drop', () => {
    // jsdom lays nothing out: give folder titles and list labels the boxes a browser would, one
    // row of 40 px each (folders first, then the lists), and the drag overlay the box dnd-kit
    // positions it at (its fixed wrapper's inline style), so dnd-kit can measure where things are.
    beforeEach(() => {
      jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
        const box = (top: number, left = 0, width = 240, height = 32) =>
          ({
            top,
            bottom: top + height,
            left,
            right: left + width,
            width,
            height,
            x: left,
            y: top,
            toJSON: () => ({}),
          }) as DOMRect;
        const folders = [...document.querySelectorAll('[data-folder-id]')];
        const lists = [...document.querySelectorAll('[data-list-drag]')];
        const folder = this.closest('[data-folder-id]');
        if (folder) return box(100 + folders.indexOf(folder) * 40);
        const list = this.closest('[data-list-drag]');
        if (list) return box(300 + lists.indexOf(list) * 40);
        let fixed: HTMLElement | null = this as HTMLElement;
        while (fixed && fixed.style?.position !== 'fixed') fixed = fixed.parentElement;
        if (fixed)
          return box(
            parseFloat(fixed.style.top),
            parseFloat(fixed.style.left),
            parseFloat(fixed.style.width),
            parseFloat(fixed.style.height),
          );
        return box(0, 0, 0, 0);
      });
    });
    afterEach(() => jest.restoreAllMocks());

    const withTwoFolders = () => {
      const overview = listsOverview();
      return setup({
        folders: [...overview.folders, { id: 2, name: 'Events', position: 1, lists: [] }],
        lists: [...overview.lists, { ...overview.lists[0]!, id: 5, name: 'Inbox', folders: [] }],
      });
    };

    // The keyboard path of dnd-kit: space picks up, arrows move from target to target, space drops.
    const press = (keys: string) => userEvent.setup().keyboard(keys);

    it('reorders folders: a folder dropped on another takes its place', async () => {
      const { props, commands } = withTwoFolders();
      await renderWithProviders(<ListsSidebar {...props} />);
      screen.getByRole('button', { name: 'Drag folder Research' }).focus();
      await press('[Space][ArrowDown][Space]');
      screen.getByRole('button', { name: 'Drag folder Events' }).focus();
      await press('[Space][ArrowUp][Space]');
      expect(commands).toEqual([
        { kind: 'moveFolder', folderId: 1, position: 1 },
        { kind: 'moveFolder', folderId: 2, position: 0 },
      ]);
    });

    it('files a list dropped on a folder into that folder', async () => {
      const { props, commands } = withTwoFolders();
      await renderWithProviders(<ListsSidebar {...props} />);
      screen.getByRole('button', { name: 'Drag list Inbox' }).focus();
      await press('[Space][ArrowUp][Space]');
      expect(commands).toEqual([{ kind: 'moveList', listId: 5, folderId: 2 }]);
    });

    it('offers a drag handle only on the user’s own lists, and keeps the menu’s move entries', async () => {
      const user = userEvent.setup({ delay: null });
      const { props, commands } = withTwoFolders();
      await renderWithProviders(<ListsSidebar {...props} />);
      expect(screen.getByRole('button', { name: 'Drag list Pioneers' })).toBeInTheDocument();
      // "Team leads" is a teammate's list: it cannot be filed.
      expect(screen.queryByRole('button', { name: 'Drag list Team leads' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Actions for folder Events' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Move up' }));
      expect(commands).toEqual([{ kind: 'moveFolder', folderId: 2, position: 0 }]);
    });
  });
});
