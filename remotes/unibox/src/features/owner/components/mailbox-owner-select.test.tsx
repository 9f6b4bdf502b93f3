import { act, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { userInfoAtom } from '@leadforge/session';
import { buildUserInfo } from '@leadforge/session/test-user-info';
import { remoteTexts } from '../../../i18n';
import { MailboxOwnerSelect } from './mailbox-owner-select';

const api = withApiDouble();
const team = { id: 1, name: 'Sales', joinCode: null, lead: { id: 10, name: 'Lena', email: 'lena@t.test' } };

describe('the "Mailbox of" selector', () => {
  afterEach(() => act(() => getDefaultStore().set(userInfoAtom, null)));

  it('is not there for a plain team member', async () => {
    getDefaultStore().set(userInfoAtom, buildUserInfo({ account: { id: 11, isTeam: true, isLead: 0, hash: 'a' }, team: { isLead: 0, group: 'Only own record' } }));
    await renderInRemote(remoteTexts, <MailboxOwnerSelect />);
    await act(async () => undefined);
    expect(screen.queryByTestId('mailbox-owner-select')).not.toBeInTheDocument();
    expect(api().callsTo('GET /team-info')).toHaveLength(0);
  });

  it('lets a team lead pick a member', async () => {
    getDefaultStore().set(userInfoAtom, buildUserInfo({ account: { id: 10, isTeam: true, isLead: 1, hash: 'a' } }));
    api().on('GET /team-info', {
      body: { team, members: [{ id: 12, name: 'Milo', email: 'milo@t.test', isLead: 0, group: null, joinedAt: '2025-01-01T00:00:00.000Z' }], invitations: [], canInvite: true },
    });
    await renderInRemote(remoteTexts, <MailboxOwnerSelect />, { path: '/unibox' });
    expect(await screen.findByTestId('mailbox-owner-select')).toBeInTheDocument();
    expect(screen.getByText('Me')).toBeInTheDocument();
  });
});
