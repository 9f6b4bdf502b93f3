import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installApi, renderWithProviders } from '../../../test/render-screen';
import { CompanyListsPanel } from './company-lists-panel';

// The panel's journeys (create, rename, delete, folders, history) are in
// e2e/tests/prospects/companies-and-new-prospect.spec.ts; only the failed load, which a real
// server does not produce on demand, is proven here.
jest.setTimeout(30_000);

describe('company lists', () => {
  it('shows the error with a retry that loads the lists again', async () => {
    let attempts = 0;
    installApi({
      'GET /companies/lists': () => {
        attempts += 1;
        return attempts === 1
          ? // A refusal is not retried by the client, so the error shows at once.
            { status: 403, body: { errors: [{ key: 'forbidden', title: 'Not allowed', description: 'You may not do this.' }] } }
          : { status: 200, body: { lists: [{ id: 5, listName: 'Fintech', count: 12, folders: [] }] } };
      },
      'GET /folders/list': { folders: [] },
    });
    await renderWithProviders(<CompanyListsPanel activeListId={null} onSelect={() => undefined} />);
    const alert = await screen.findByRole('alert');
    await userEvent.setup({ delay: null }).click(within(alert).getByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByText('Fintech')).toBeInTheDocument();
  });
});
