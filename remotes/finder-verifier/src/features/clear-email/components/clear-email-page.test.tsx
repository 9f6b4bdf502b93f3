import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { withLoopbackApi } from '../../../test-support/loopback-api';
import { renderScreen } from '../../../test-support/render-screen';
import { ClearEmailPage } from './clear-email-page';

const { api } = withLoopbackApi();

const renderAt = (path: string) =>
  renderScreen(
    <Routes>
      <Route path="/clear-email/:keyEmail?" element={<ClearEmailPage />} />
    </Routes>,
    path,
  );

it('looks up the address from the link, then removes it from every list', async () => {
  api().on('POST', '/clear-email/prepare', { body: { email: 'owner@example.com', listsCount: 3, key: 'k-123' } });
  api().on('POST', '/clear-email/remove', { body: { removed: 3 } });
  await renderAt('/clear-email/owner%40example.com');

  expect(await screen.findByText('owner@example.com is kept in 3 lists.')).toBeInTheDocument();
  expect(api().calls.find((call) => call.path === '/clear-email/prepare')?.body).toEqual({ email: 'owner@example.com' });
  await userEvent.click(screen.getByRole('button', { name: 'Remove me from every list' }));

  expect(await screen.findByText('Your address was removed from 3 lists.')).toBeInTheDocument();
  await waitFor(() => expect(api().calls.find((call) => call.path === '/clear-email/remove')?.body).toEqual({ key: 'k-123' }));
});

it('says so when the address is in no list', async () => {
  api().on('POST', '/clear-email/prepare', {
    status: 404,
    body: { errors: [{ key: 'not_found', title: 'Not found', description: 'Nothing here.' }] },
  });
  await renderAt('/clear-email');
  await userEvent.type(screen.getByLabelText('Your email address'), 'someone@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Look it up' }));
  expect(await screen.findByText('We do not keep this address in any list.')).toBeInTheDocument();
});
