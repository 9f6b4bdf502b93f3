import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { linkedinAccountsRoutes, type LinkedinSlotRequest } from '@leadforge/contracts';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { TeamSection } from './team-section';
import type { TeamLinkedinAccount } from './team-slots-table';

// Who may do what with slots, and what each click sends; the rules themselves (lead only, member
// only, another team's ids) are proven over HTTP in api/src/modules/linkedin-accounts/team.test.ts
// and the whole journey in e2e/tests/linkedin/team-slots.spec.ts.
const api = withApiDouble();

const slot = (overrides: Partial<TeamLinkedinAccount>): TeamLinkedinAccount => ({
  id: 3,
  provider: 'sandbox',
  name: 'Team seat',
  profileName: 'Ada Lovelace',
  state: 'active',
  ownerId: 1,
  assignedUserId: null,
  assignedUserName: null,
  ownerName: 'Lena Lead',
  isOwn: true,
  ...overrides,
});

const request = (overrides: Partial<LinkedinSlotRequest>): LinkedinSlotRequest => ({
  id: 5,
  requesterId: 2,
  requesterName: 'Milo Member',
  note: 'Berlin outreach',
  status: 'pending',
  slotId: null,
  createdAt: '2025-03-03T09:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

function answer(slots: TeamLinkedinAccount[], requests: LinkedinSlotRequest[]) {
  api().onRoute(linkedinAccountsRoutes.teamLinkedinAccounts, {}, { body: { items: slots } });
  api().onRoute(linkedinAccountsRoutes.listLinkedinSlotRequests, {}, { body: { items: requests } });
}

describe('team slots for a lead', () => {
  it('offers assign on a free slot, take back on a given one, and approves a request with a new slot', async () => {
    answer(
      [slot({}), slot({ id: 4, name: '', profileName: null, state: 'pending_connection', assignedUserId: 2, assignedUserName: 'Milo Member' })],
      [request({}), request({ id: 6, note: 'Paris', status: 'rejected', decidedAt: '2025-03-04T09:00:00.000Z' })],
    );
    const APPROVE = 'POST /pipelines/api/linkedin-accounts/requests/5/approve';
    api().on(APPROVE, { body: { request: request({ status: 'approved', slotId: 9 }) } });
    await renderInRemote(remoteTexts, <TeamSection role="lead" userId={1} />);

    expect(await screen.findByRole('button', { name: 'Assign Team seat' })).toBeInTheDocument();
    // A slot made for a request has no name until an account is connected to it.
    expect(screen.getByRole('button', { name: 'Take back Empty slot' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a slot' })).not.toBeInTheDocument();
    // Only a pending request can be decided on.
    expect(await screen.findAllByRole('button', { name: /^Approve the request of/ })).toHaveLength(1);
    expect(screen.getByText('Rejected')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Approve the request of Milo Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give Milo Member a LinkedIn slot' });
    expect(within(dialog).getByText('Their note: “Berlin outreach”')).toBeInTheDocument();
    expect(within(dialog).getByText('A new slot (counts on your plan)')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api().callsTo(APPROVE)).toHaveLength(1));
    expect(api().callsTo(APPROVE)[0]?.body).toEqual({});
  });
});

// A member's view of the slots (no managing, one request at a time, withdrawing it) is proven with a
// real server in e2e/tests/linkedin/team-slots.spec.ts; its jsdom twin timed out on a busy CI run.
