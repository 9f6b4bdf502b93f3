import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { CompanyListsPanel } from './company-lists-panel';

// The panel's journeys (create, rename, delete, folders, history) are in
// e2e/tests/prospects/companies-and-new-prospect.spec.ts; only the failed load, which a real
// server does not produce on demand, is proven here.

const api = withApiDouble();

describe('company lists', () => {
  it('shows the error with a retry that loads the lists again', async () => {
    api().on('GET /companies/lists', () =>
      api().callsTo('GET /companies/lists').length === 1
        ? // A refusal is not retried by the client, so the error shows at once.
          { status: 403, body: { errors: [{ key: 'forbidden', title: 'Not allowed', description: 'You may not do this.' }] } }
        : { body: { lists: [{ id: 5, listName: 'Fintech', count: 12, folders: [] }] } },
    );
    api().on('GET /folders/list', { body: { folders: [] } });
    await renderInRemote(remoteTexts, <CompanyListsPanel activeListId={null} onSelect={() => undefined} />);
    const alert = await screen.findByRole('alert');
    await userEvent.setup({ delay: null }).click(within(alert).getByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByText('Fintech')).toBeInTheDocument();
  });
});
