import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withLoopbackApi } from '../../../test-support/loopback-api';
import { renderScreen } from '../../../test-support/render-screen';
import { UninstallEmailFinderPage } from './uninstall-page';

const { api } = withLoopbackApi();

it('records the reason and comment through /uninstall and thanks the user', async () => {
  api().on('POST', '/uninstall', { body: { ok: true } });
  await renderScreen(<UninstallEmailFinderPage />);

  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Choose a reason')).toBeInTheDocument();

  await userEvent.click(screen.getByLabelText('It did not work'));
  await userEvent.type(screen.getByLabelText(/Anything else/), '  crashed on open  ');
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));

  expect(await screen.findByText('Thank you')).toBeInTheDocument();
  await waitFor(() =>
    expect(api().calls.find((call) => call.path === '/uninstall')?.body).toEqual({ product: 'email-finder', reason: 'not_working', comment: 'crashed on open' }),
  );
});
