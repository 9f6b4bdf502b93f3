import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFetchDouble, renderShell, userInfoFixture } from '../test/shell-harness';

describe('main menu', () => {
  it('lists the sections and keeps navigating while a remote cannot load', async () => {
    installFetchDouble(() => userInfoFixture());
    // No environment map was loaded in this test, so every remote area shows its fallback.
    const { router } = await renderShell('/domain-search');
    const menu = await screen.findByRole('menu', { name: 'Main menu' });
    for (const section of ['Finder', 'Verifier', 'Leads', 'Extensions', 'Enrichment', 'Campaigns', 'Unibox']) {
      expect(within(menu).getByText(section)).toBeInTheDocument();
    }
    fireEvent.click(within(menu).getByText('Home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
