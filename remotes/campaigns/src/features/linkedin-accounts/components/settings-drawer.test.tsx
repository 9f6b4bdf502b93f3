import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultLinkedinActionLimits, generalRoutes, linkedinAccountsRoutes } from '@leadforge/contracts';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { testLinkedinAccount } from '../test-account';
import { SettingsDrawer } from './settings-drawer';

// Saving settings against the real API (and the service's own refusal) is proven in the API tests
// of api/src/modules/linkedin-accounts; here the drawer's limits rule and where a refusal goes.
const api = withApiDouble();
const PATCH = 'PATCH /pipelines/api/linkedin-accounts/7';

function answerLists() {
  api().onRoute(linkedinAccountsRoutes.linkedinProxies, {}, { body: { countries: [{ countryId: 276, name: 'Germany', available: true }] } });
  api().onRoute(generalRoutes.timeZones, {}, { body: { timeZones: [{ id: 'Europe/Berlin', name: '(UTC+01:00) Berlin', offset: '+01:00', offsetMinutes: 60 }] } });
}

describe('an account’s daily limits', () => {
  it('refuses a limit above the safe maximum before anything is sent, and keeps a typed one under it', async () => {
    answerLists();
    const account = testLinkedinAccount({ limits: { ...defaultLinkedinActionLimits(), invite: 60 } });
    api().on(PATCH, { body: { account } });
    await renderInRemote(remoteTexts, <SettingsDrawer account={account} onClose={jest.fn()} />);
    const drawer = await screen.findByRole('dialog', { name: 'Settings of Ada — sales' });
    const invitations = within(drawer).getByLabelText('Invitations');
    expect(within(drawer).getByText('Safe maximum: 40 a day', { exact: false })).toBeInTheDocument();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Above the safe maximum of 40 a day')).toBeInTheDocument();
    expect(api().callsTo(PATCH)).toHaveLength(0);

    // The field takes no more than the safe maximum: a larger number typed becomes the maximum.
    fireEvent.change(invitations, { target: { value: '999' } });
    fireEvent.blur(invitations);
    await waitFor(() => expect(invitations).toHaveValue('40'));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api().callsTo(PATCH)).toHaveLength(1));
    expect(api().callsTo(PATCH)[0]?.body).toMatchObject({ limits: { invite: 40 }, workingHours: account.workingHours });
  });

  it('shows the server’s refusal on the limit it names', async () => {
    answerLists();
    const account = testLinkedinAccount();
    api().on(PATCH, {
      status: 422,
      body: { errors: [{ key: 'linkedin_limit_above_safe', title: 'Limit above the safe maximum', description: 'Lower it.', field: 'limits.visit' }] },
    });
    await renderInRemote(remoteTexts, <SettingsDrawer account={account} onClose={jest.fn()} />);
    const drawer = await screen.findByRole('dialog', { name: 'Settings of Ada — sales' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    const field = await within(drawer).findByText(
      'This daily limit is above what LinkedIn tolerates before it restricts an account. Lower it.',
    );
    expect(field.closest('.ant-form-item')).toHaveTextContent('Profile visits');
  });
});
