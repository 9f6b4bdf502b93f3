import { fireEvent, screen, waitFor } from '@testing-library/react';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { campaignViewFixture } from '../testing/campaign-view';
import { CampaignHeader } from './campaign-header';

const api = withApiDouble();

describe('the campaign page header', () => {
  it('says why a campaign paused itself and resumes it', async () => {
    const paused = campaignViewFixture({ status: 'pause', pausedReason: 'bounce_rate' });
    api().on('POST /pipelines/api/campaign/set-state', { body: { campaign: { ...paused, status: 'active', pausedReason: null }, issues: [] } });
    await renderInRemote(remoteTexts, <CampaignHeader campaign={paused} />);
    expect(screen.getByTestId('campaign-status')).toHaveTextContent('Paused');
    expect(screen.getByTestId('campaign-paused-reason')).toHaveTextContent('Paused automatically: the bounce rate reached 5%.');
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(api().callsTo('POST /pipelines/api/campaign/set-state')).toHaveLength(1));
    expect(api().callsTo('POST /pipelines/api/campaign/set-state')[0]!.body).toEqual({ campaignId: 15, state: 'resume' });
    expect(await screen.findByText('“Spring outreach” resumed.')).toBeInTheDocument();
  });

  it('offers pause and complete on a running campaign, nothing to someone who may not change it', async () => {
    const { unmount } = await renderInRemote(remoteTexts, <CampaignHeader campaign={campaignViewFixture()} />);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(screen.queryByTestId('campaign-paused-reason')).not.toBeInTheDocument();
    unmount();
    await renderInRemote(remoteTexts, <CampaignHeader campaign={campaignViewFixture({ editable: false })} />);
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  });
});
