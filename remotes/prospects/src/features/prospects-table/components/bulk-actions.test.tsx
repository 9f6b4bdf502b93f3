import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import type { BulkActionsProps } from './bulk-actions';
import { BulkActions } from './bulk-actions';

const props = (overrides: Partial<BulkActionsProps>): BulkActionsProps => ({
  selection: { mode: 'ids', ids: [] },
  total: 120,
  pageSize: 50,
  busy: null,
  onSelectAllMatching: jest.fn(),
  onClear: jest.fn(),
  onAction: jest.fn(),
  ...overrides,
});

describe('bulk actions of the prospects table', () => {
  it('offers every matching prospect once the whole page is ticked', async () => {
    const user = userEvent.setup({ delay: null });
    const onSelectAllMatching = jest.fn();
    const ids = Array.from({ length: 50 }, (_, i) => i + 1);
    await renderInRemote(remoteTexts, <BulkActions {...props({ selection: { mode: 'ids', ids }, onSelectAllMatching })} />);
    expect(screen.getByText('Selected: 50')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select all matching (120)' }));
    expect(onSelectAllMatching).toHaveBeenCalledTimes(1);
  });

  it('counts all matching minus the unticked rows and confirms a delete of that many', async () => {
    const user = userEvent.setup({ delay: null });
    const onAction = jest.fn();
    await renderInRemote(remoteTexts, <BulkActions {...props({ selection: { mode: 'allMatching', excludedIds: [3, 4] }, onAction })} />);
    expect(screen.getByText('Selected: 118')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete the selected prospects (118)?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onAction).toHaveBeenCalledWith('delete');
  });

  it('says "at least" when the filtered count stopped early', async () => {
    const user = userEvent.setup({ delay: null });
    const ids = Array.from({ length: 50 }, (_, i) => i + 1);
    const first = await renderInRemote(remoteTexts, <BulkActions {...props({ selection: { mode: 'ids', ids }, total: 10_050, totalCapped: true })} />);
    expect(screen.getByText('Selected: 50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select all matching (10050+)' })).toBeInTheDocument();
    first.unmount();
    await renderInRemote(remoteTexts, <BulkActions {...props({ selection: { mode: 'allMatching', excludedIds: [7] }, total: 10_050, totalCapped: true })} />);
    expect(screen.getByText('Selected: 10049+')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete the selected prospects (10049+)?')).toBeInTheDocument();
  });

  it('offers only the actions it is given', async () => {
    await renderInRemote(remoteTexts, <BulkActions {...props({ selection: { mode: 'ids', ids: [1] }, actions: ['copy', 'export'] })} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Clear selection', 'Copy to list', 'Export CSV']);
  });
});
