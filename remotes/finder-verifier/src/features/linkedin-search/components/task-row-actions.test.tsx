import { fireEvent, screen, within } from '@testing-library/react';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { TaskRowActions } from './task-row-actions';

// The actions a search task and an import share; what each call does is proven over HTTP in
// api/src/modules/finder/linkedin-search.test.ts.
function renderActions(props: { running: boolean; badLinksCount: number }) {
  const handlers = { onStop: jest.fn(), onDownloadBadLinks: jest.fn(), onDelete: jest.fn() };
  const rendered = renderInRemote(
    remoteTexts,
    <TaskRowActions {...props} deleteConfirm="Delete this task?" {...handlers}>
      <button type="button">Start again</button>
    </TaskRowActions>,
  );
  return { handlers, rendered };
}

describe('the shared row actions of LinkedIn tasks and imports', () => {
  it('stops a running row, downloads its bad links and deletes it only once confirmed', async () => {
    const { handlers, rendered } = renderActions({ running: true, badLinksCount: 2 });
    await rendered;
    expect(screen.getByRole('button', { name: 'Start again' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(handlers.onStop).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Download bad links' }));
    expect(handlers.onDownloadBadLinks).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(handlers.onDelete).not.toHaveBeenCalled();
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Delete this task?')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect(handlers.onDelete).toHaveBeenCalledTimes(1);
  });

  it('offers no stop for a finished row and no download without bad links', async () => {
    await renderActions({ running: false, badLinksCount: 0 }).rendered;
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download bad links' })).toBeDisabled();
  });
});
