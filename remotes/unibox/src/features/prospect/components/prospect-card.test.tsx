import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { ProspectCard } from './prospect-card';

const api = withApiDouble();
const INFO = 'GET /prospects-new/info/9/0';

const prospect = {
  id: 9,
  encodedId: 'p9',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  industry: null,
  industryId: null,
  country: null,
  countryId: null,
  locality: null,
  logo: null,
  source: 'manual',
  sourcePage: null,
  addDate: '2025-03-01T09:00:00.000Z',
  emails: [{ email_id: 1, email: 'ada@acme.test', status: 'valid', statusVerifyText: 'valid', tags: [] }],
  companies: [{ entityId: 5, name: 'Acme', url: 'https://acme.test', position: 'Head of Sales', hqPhone: '' }],
  tags: [{ tagEntityId: 31, id: 3, name: 'Hot', type: 'custom' }],
  otherSocials: [],
  social: null,
  lists: [{ listId: 12, name: 'Spring leads', isMemberLists: false }],
  campaigns: [{ campaignId: 4, title: 'Spring outreach', status: 'reply' }],
  integrations: { sentToPipedrive: false, pipedriveError: null, sentToHubspot: false, hubspotError: null, hubspotContactUrl: null },
  isGreylisted: false,
  isSearchInProgress: false,
  timezone: null,
  list_id: null,
  parse_in_progress: false,
  viewerClass: 'own',
  access: {},
  ownerUserId: 1,
};

describe('the prospect card of a conversation', () => {
  it('shows the position, lists, tags and campaigns with their status, linked to their pages', async () => {
    api().on(INFO, { body: prospect });
    await renderInRemote(remoteTexts, <ProspectCard prospectId={9} />);

    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByTestId('prospect-card')).toHaveTextContent('Head of Sales at Acme');
    expect(screen.getByRole('link', { name: 'Spring leads' })).toHaveAttribute('href', '/prospects/list/12');
    expect(screen.getByText('Hot')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Spring outreach' })).toHaveAttribute('href', '/campaigns/4');
    expect(screen.getByText('Replied')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the prospect' })).toHaveAttribute('href', '/prospect?id=9&listId=0');
  });

  it('shows nothing for a prospect the viewer may not see, and a retry for other failures', async () => {
    api().on(INFO, { status: 404, body: { errors: [{ key: 'not_found', title: 'Not found', description: 'Not found' }] } });
    const { unmount } = await renderInRemote(remoteTexts, <ProspectCard prospectId={9} />);
    await waitFor(() => expect(api().callsTo(INFO)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('prospect-card')).not.toBeInTheDocument());
    unmount();

    api().on(INFO, { status: 500, body: { errors: [{ key: 'internal', title: 'Error', description: 'Error' }] } });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await renderInRemote(remoteTexts, <ProspectCard prospectId={9} />);
    expect(await screen.findByText('The prospect could not be loaded.')).toBeInTheDocument();
    api().on(INFO, { body: prospect });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Head of Sales at Acme')).toBeInTheDocument();
  });
});
