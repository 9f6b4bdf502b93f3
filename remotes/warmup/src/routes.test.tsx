import { screen } from '@testing-library/react';
import { describeRemoteTranslations, describeRouteMarks } from '@leadforge/federation/testing/remote-route-suite';
import { ROOT_MARKER, createRemoteTestI18n, renderRemoteAt } from '@leadforge/federation/testing/render-remote';
import remoteModule from './routes';

// Every screen of the area is built and fetches: the warm-up list and page, the email accounts and
// domain health have their parts tested beside them (features/*) and their journeys in Chromium
// (e2e/tests/warmup/). Here: an unknown path of the area goes back to the root, no route is
// public, and every key is in every locale, translated.
describe('warmup route tree', () => {
  it('sends an unknown path of the area back to the root', async () => {
    renderRemoteAt(remoteModule, '/deliverability/no/such/screen', await createRemoteTestI18n(remoteModule));
    expect(await screen.findByText(ROOT_MARKER)).toBeInTheDocument();
  });

  it('sends a warm-up address without a mailbox id back to the list', async () => {
    renderRemoteAt(remoteModule, '/deliverability/warm-up/settings', await createRemoteTestI18n(remoteModule));
    expect(await screen.findByRole('heading', { level: 1, name: 'Warm-up' })).toBeInTheDocument();
  });
});

describeRouteMarks(remoteModule);
describeRemoteTranslations(remoteModule);
