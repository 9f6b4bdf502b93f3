import { screen } from '@testing-library/react';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { ListCampaignUsage } from './list-campaign-usage';

// The whole delete journey runs in e2e/tests/prospects/lists-and-folders.spec.ts; here, what the
// confirmation says for each answer of the usage check.

const api = withApiDouble();

describe('the campaigns a list is used by, in the delete confirmation', () => {
  it('names the campaigns that use the list', async () => {
    api().on('POST /lists/check-usage-in-campaigns', {
      body: {
        usage: [
          {
            listId: 7,
            campaigns: [
              { id: 1, title: 'Spring outreach' },
              { id: 2, title: 'Follow-up' },
            ],
          },
        ],
      },
    });
    await renderInRemote(remoteTexts, <ListCampaignUsage listId={7} />);
    expect(await screen.findByText('Campaigns that use this list: “Spring outreach”, “Follow-up”.')).toBeInTheDocument();
    expect(api().callsTo('POST /lists/check-usage-in-campaigns')[0]?.body).toEqual({ listIds: [7] });
  });

  it('says when no campaign uses it', async () => {
    api().on('POST /lists/check-usage-in-campaigns', { body: { usage: [{ listId: 7, campaigns: [] }] } });
    await renderInRemote(remoteTexts, <ListCampaignUsage listId={7} />);
    expect(await screen.findByText('No campaign uses this list.')).toBeInTheDocument();
  });
});
