import { fireEvent, screen, waitFor } from '@testing-library/react';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { ToCheckPanel } from './to-check-panel';

const api = withApiDouble();

describe('the to-check recipients', () => {
  it('starts them without checking and says what happened', async () => {
    api().on('POST /pipelines/api/recipients/to-check/force-start', { body: { started: 3, invalid: 0, pending: 0 } });
    await renderInRemote(remoteTexts, <ToCheckPanel campaignId={15} count={3} editable />);
    expect(screen.getByTestId('to-check-panel')).toHaveTextContent('Recipients waiting for an address check: 3');
    fireEvent.click(screen.getByRole('button', { name: 'Start without checking' }));
    await waitFor(() => expect(api().callsTo('POST /pipelines/api/recipients/to-check/force-start')).toHaveLength(1));
    expect(api().callsTo('POST /pipelines/api/recipients/to-check/force-start')[0]!.body).toEqual({ campaignId: 15 });
    expect(await screen.findByText('Started: 3, invalid: 0, still being checked: 0.')).toBeInTheDocument();
  });

  it('shows nothing when no recipient waits for a check', async () => {
    await renderInRemote(remoteTexts, <ToCheckPanel campaignId={15} count={0} editable />);
    expect(screen.queryByTestId('to-check-panel')).not.toBeInTheDocument();
  });
});
