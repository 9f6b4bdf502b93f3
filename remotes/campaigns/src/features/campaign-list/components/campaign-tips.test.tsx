import { screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { CampaignTips, TIPS_DISMISSED_KEY } from './campaign-tips';

const api = withApiDouble();
const TIPS = 'GET /pipelines/api/tips';

beforeEach(() => window.localStorage.removeItem(TIPS_DISMISSED_KEY));

describe('the campaign tips', () => {
  it('shows one tip at a time with its editor variables as written, the next on demand, and stays closed once closed', async () => {
    api().on(TIPS, { body: { items: [{ key: 'personalise_with_variables' }, { key: 'test_before_launch' }] } });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { unmount } = await renderInRemote(remoteTexts, <CampaignTips />);

    expect(await screen.findByText(/Use variables such as \{\{firstName\}\} and \{\{companyName\}\}/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next tip' }));
    expect(screen.getByText(/Send a test email to yourself/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide the tips' }));
    expect(screen.queryByTestId('campaign-tip')).not.toBeInTheDocument();
    unmount();

    await renderInRemote(remoteTexts, <CampaignTips />);
    expect(api().callsTo(TIPS).length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByTestId('campaign-tip')).not.toBeInTheDocument();
  });
});
