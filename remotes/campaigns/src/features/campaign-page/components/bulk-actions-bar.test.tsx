import { fireEvent, screen } from '@testing-library/react';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { BulkActionsBar } from './bulk-actions-bar';

function renderBar(props: Partial<Parameters<typeof BulkActionsBar>[0]> = {}) {
  const handlers = { onSelectAll: jest.fn(), onClear: jest.fn(), onAction: jest.fn() };
  const view = renderInRemote(
    remoteTexts,
    <BulkActionsBar selection={{ mode: 'ids', ids: [1, 2, 3] }} matching={42} wholePageTicked busy={false} {...handlers} {...props} />,
  );
  return { handlers, view };
}

describe('the recipients bulk actions', () => {
  it('offers to select every matching recipient once the whole page is ticked', async () => {
    const { handlers, view } = renderBar();
    await view;
    expect(screen.getByText('Selected: 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Select all matching recipients (42)' }));
    expect(handlers.onSelectAll).toHaveBeenCalled();
  });

  it('says when every matching recipient is selected and does not offer it again', async () => {
    const { view } = renderBar({ selection: { mode: 'all' } });
    await view;
    expect(screen.getByText('Selected: all 42 matching recipients')).toBeInTheDocument();
    expect(screen.queryByTestId('select-all-matching')).not.toBeInTheDocument();
  });

  it('runs an action from the menu and asks before deleting', async () => {
    const { handlers, view } = renderBar();
    await view;
    fireEvent.click(screen.getByTestId('bulk-menu'));
    fireEvent.click(await screen.findByText('Set status'));
    expect(handlers.onAction).toHaveBeenCalledWith('setStatus');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete the selected recipients (3)?')).toBeInTheDocument();
    const confirm = screen.getAllByRole('button', { name: 'Delete' }).at(-1)!;
    fireEvent.click(confirm);
    expect(handlers.onAction).toHaveBeenLastCalledWith('delete');
  });
});
