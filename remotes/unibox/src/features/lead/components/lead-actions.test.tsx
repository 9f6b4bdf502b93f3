import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { UniboxThreadRow } from '@leadforge/contracts';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { threadRow } from '../../../testing/thread-row';
import { LeadActions } from './lead-actions';

const api = withApiDouble();

const INTEREST = 'POST /pipelines/api/unibox/lead-interest';
const SET_STATUS = 'POST /pipelines/api/recipients/set-status';
const BLACKLIST = 'POST /pipelines/api/recipients/add-to-blacklist';

type Lead = NonNullable<UniboxThreadRow['lead']>;
const lead = (overrides: Partial<Lead>): Lead => ({
  recipientId: 21,
  campaignId: 4,
  recipientStatus: 'active',
  interestLevel: 'maybe',
  prospectId: 9,
  ...overrides,
});
const row = threadRow({
  lastMessageAt: '2025-03-03T09:00:00.000Z',
  unreadCount: 0,
  messageCount: 1,
  leadStatus: 'active',
  prospectId: 9,
  lead: lead({ interestLevel: 'interested' }),
});

describe('the lead actions of a conversation', () => {
  it('marks and clears the interest, pauses the recipient, puts the address on the no-send list and links the campaign', async () => {
    api().on(INTEREST, { body: { item: row } });
    api().on(SET_STATUS, { body: { updated: 1, skipped: 0 } });
    api().on(BLACKLIST, { body: { updated: 1, skipped: 0 } });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await renderInRemote(
      remoteTexts,
      <LeadActions threadId={7} forUserId={12} lead={lead({})} campaignTitle="Spring outreach" address="ada@acme.test" />,
    );

    expect(await screen.findByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Interested' }));
    expect(await screen.findByText('Lead interest saved')).toBeInTheDocument();
    // Clicking the selected level clears it.
    await user.click(screen.getByRole('button', { name: 'Maybe' }));
    await waitFor(() => expect(api().callsTo(INTEREST)).toHaveLength(2));
    expect(api().callsTo(INTEREST).map((call) => call.body)).toEqual([
      { forUserId: 12, threadId: 7, interest: 'interested' },
      { forUserId: 12, threadId: 7, interest: null },
    ]);

    await user.click(screen.getByRole('button', { name: 'Pause in campaign' }));
    expect(await screen.findByText('Paused in the campaign')).toBeInTheDocument();
    expect(api().callsTo(SET_STATUS)[0]?.body).toEqual({ campaignId: 4, recipientIds: [21], status: 'pause' });

    await user.click(screen.getByRole('button', { name: 'Add to no-send list' }));
    expect(api().callsTo(BLACKLIST)).toHaveLength(0);
    expect(await screen.findByText(/Add ada@acme.test to the no-send list\?/)).toBeInTheDocument();
    const confirm = screen.getAllByRole('button', { name: 'Add to no-send list' }).at(-1)!;
    await user.click(confirm);
    expect(await screen.findByText('Added to the no-send list')).toBeInTheDocument();
    expect(api().callsTo(BLACKLIST)[0]?.body).toEqual({ campaignId: 4, recipientIds: [21] });

    expect(screen.getByRole('link', { name: 'Campaign: Spring outreach' })).toHaveAttribute('href', '/campaigns/4');
  });

  it('offers no pause once the recipient is paused or finished, and shows a refusal', async () => {
    api().on(INTEREST, { status: 404, body: { errors: [{ key: 'not_found' }] } });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await renderInRemote(
      remoteTexts,
      <LeadActions threadId={7} forUserId={undefined} lead={lead({ recipientStatus: 'done' })} campaignTitle={null} address="ada@acme.test" />,
    );
    expect(await screen.findByRole('link', { name: 'Open the campaign' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause in campaign' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Not interested' }));
    await waitFor(() => expect(api().callsTo(INTEREST)[0]?.body).toEqual({ threadId: 7, interest: 'not_interested' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
