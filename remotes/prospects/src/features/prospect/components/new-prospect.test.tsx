import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import remoteModule from '../../../routes';
import { NewProspect } from './new-prospect';

// Filling in and saving the form, its rules and the choice of list from All contacts are proven in
// e2e/tests/prospects/companies-and-new-prospect.spec.ts; a field error only the server gives (the
// local rules catch the ones a user can type) is proven here.
const api = withApiDouble();

describe('new prospect', () => {
  it('shows a field error the server answers on that field and keeps the form open', async () => {
    const user = userEvent.setup({ delay: null });
    api().on('GET /prospects/country-industry-lists', { body: { countries: [], industries: [] } });
    api().on('GET /user-field-groups', { body: { groups: [], ungrouped: [] } });
    api().on('POST /prospects-new/add', {
      status: 400,
      body: { errors: [{ key: 'company_url_invalid', title: 'Invalid', description: 'Invalid.', field: 'companies.0.url' }] },
    });
    await renderInRemote(remoteModule, <NewProspect listId={3} lists={[]} />);
    await user.click(screen.getByRole('button', { name: /Add prospect/ }));
    const drawer = await screen.findByRole('dialog', { name: 'New prospect' });
    fireEvent.change(await within(drawer).findByLabelText('Name'), { target: { value: 'Dorothy Vaughan' } });
    await user.click(within(drawer).getByRole('button', { name: /Add company/ }));
    fireEvent.change(within(drawer).getByLabelText('Company 1'), { target: { value: 'NACA' } });
    fireEvent.change(within(drawer).getByLabelText('Website 1'), { target: { value: 'naca.example' } });
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    // The save's round trip and the form's re-render with the field error take jsdom seconds on two
    // busy cores (this wait ran past the usual 20 s once in a full run): wait for it longer.
    expect(await within(drawer).findByText('Enter a valid company website address.', {}, { timeout: 45_000 })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New prospect' })).toBeInTheDocument();
  });
});
