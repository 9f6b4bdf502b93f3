import { act, screen, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { i18n, registerNamespace } from '@leadforge/i18n';
import { UiProvider } from '@leadforge/ui';
import { FEDERATION_NAMESPACE, federationLocaleLoaders } from './i18n';
import federationEn from './locales/en.json';
import type { RemoteModule } from './remote-module';
import { RemoteRoutes } from './remote-routes';
import { initRemotes, type FederationRuntime } from './runtime';
import { TEST_HOST, json, loopbackFetch, startLoopbackServer, testManifest, type LoopbackServer } from './testing/loopback';

const quietLogger = { info: () => undefined, error: () => undefined };
const MANIFEST = '/remotes/prospects/1.0.0/mf-manifest.json';

let renderShouldThrow = false;

function AllProspects() {
  if (renderShouldThrow) throw new Error('prospects screen exploded');
  return <h2>All prospects screen</h2>;
}

const prospectsModule: RemoteModule = {
  routes: [
    { path: '/prospects/all', element: <AllProspects /> },
    { path: '/prospects/list/:id', element: <h2>List screen</h2> },
  ],
  namespace: 'remoteRoutesTest',
  loadLocale: {
    en: async () => ({ ok: 'ok' }),
    uk: async () => ({ ok: 'так' }),
    zh: async () => ({ ok: '好' }),
    pt: async () => ({ ok: 'sim' }),
    es: async () => ({ ok: 'sí' }),
  },
};

/** The MF runtime seam: what `loadRemote('prospects/routes')` does on the next call. */
let nextLoad: () => Promise<unknown>;
let loadCalls = 0;
const runtime: FederationRuntime = {
  registerRemotes: () => undefined,
  loadRemote: <T,>() => {
    loadCalls += 1;
    return nextLoad() as Promise<T>;
  },
};

function Shell() {
  return (
    <I18nextProvider i18n={i18n}>
      <UiProvider>
        <MemoryRouter initialEntries={['/home']}>
          <nav>
            <Link to="/home">Home link</Link>
            <Link to="/prospects/all">Prospects link</Link>
            <Link to="/prospects/list/3">List link</Link>
          </nav>
          <Routes>
            <Route path="/home" element={<h2>Home screen</h2>} />
            <Route path="/prospects/*" element={<RemoteRoutes remote="prospects" />} />
          </Routes>
        </MemoryRouter>
      </UiProvider>
    </I18nextProvider>
  );
}

/**
 * Clicks inside an awaited act: react-router navigates in a transition, and React only retries
 * a suspended transition render that started inside an awaited act scope.
 */
async function click(user: ReturnType<typeof userEvent.setup>, target: HTMLElement): Promise<void> {
  await act(async () => {
    await user.click(target);
  });
}

const fallback = federationEn.fallback;
const area = federationEn.areas.prospects;

describe('RemoteRoutes', () => {
  let server: LoopbackServer;

  beforeAll(() => registerNamespace(FEDERATION_NAMESPACE, federationLocaleLoaders));

  beforeEach(async () => {
    server = await startLoopbackServer();
    server.routes.set(MANIFEST, json(testManifest('prospects')));
    renderShouldThrow = false;
    loadCalls = 0;
    nextLoad = async () => ({ default: prospectsModule });
    initRemotes(
      { environment: 'test', remotes: { prospects: { version: '1.0.0', manifest: `${server.baseUrl}${MANIFEST}` } } },
      TEST_HOST,
      { runtime, fetchImpl: loopbackFetch, loadTimeoutMs: 300, logger: quietLogger },
    );
  });

  afterEach(() => server.close());

  it('loads the remote on the first visit of one of its routes, once', async () => {
    const user = userEvent.setup();
    render(<Shell />);
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(server.hits).toEqual([]);

    await click(user, screen.getByText('Prospects link'));
    expect(server.hits).toEqual([MANIFEST]);
    expect(await screen.findByText('All prospects screen')).toBeInTheDocument();

    await click(user, screen.getByText('List link'));
    expect(await screen.findByText('List screen')).toBeInTheDocument();
    await click(user, screen.getByText('Home link'));
    await click(user, screen.getByText('Prospects link'));
    expect(await screen.findByText('All prospects screen')).toBeInTheDocument();
    expect(loadCalls).toBe(1);
    expect(server.hits).toEqual([MANIFEST]);
  });

  it('shows the missing fallback for a 404 and loads after Retry, while the menu keeps working', async () => {
    const user = userEvent.setup();
    server.routes.delete(MANIFEST);
    render(<Shell />);
    await click(user, await screen.findByText('Prospects link'));
    expect(await screen.findByText(fallback.missing.title.replace('{{area}}', area))).toBeInTheDocument();

    await click(user, screen.getByText('Home link'));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();

    await click(user, screen.getByText('Prospects link'));
    expect(await screen.findByText(fallback.missing.title.replace('{{area}}', area))).toBeInTheDocument();
    server.routes.set(MANIFEST, json(testManifest('prospects')));
    await click(user, screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('All prospects screen')).toBeInTheDocument();
  });

  it('shows the load-failed fallback when the remote throws on load, and Retry re-attempts the load', async () => {
    const user = userEvent.setup();
    nextLoad = async () => {
      throw new Error('ScriptExecutionError: remoteEntry.js threw');
    };
    render(<Shell />);
    await click(user, await screen.findByText('Prospects link'));
    expect(await screen.findByText(fallback['load-failed'].title.replace('{{area}}', area))).toBeInTheDocument();
    expect(screen.getByText(/remoteEntry.js threw/)).toBeInTheDocument();

    nextLoad = async () => ({ default: prospectsModule });
    await click(user, screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('All prospects screen')).toBeInTheDocument();
    expect(loadCalls).toBe(2);
  });

  it('shows the timeout fallback for a remote that does not answer in time', async () => {
    const user = userEvent.setup();
    nextLoad = () => new Promise(() => undefined);
    render(<Shell />);
    await click(user, await screen.findByText('Prospects link'));
    expect(await screen.findByText(fallback.timeout.title.replace('{{area}}', area))).toBeInTheDocument();

    nextLoad = async () => ({ default: prospectsModule });
    await click(user, screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('All prospects screen')).toBeInTheDocument();
  });

  it('keeps a render error inside the area and recovers on Retry', async () => {
    const user = userEvent.setup();
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderShouldThrow = true;
    render(<Shell />);
    await click(user, await screen.findByText('Prospects link'));
    expect(await screen.findByText(fallback['render-failed'].title.replace('{{area}}', area))).toBeInTheDocument();
    expect(screen.getByText('Home link')).toBeInTheDocument();

    renderShouldThrow = false;
    await click(user, screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('All prospects screen')).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('refuses an incompatible remote with a visible reason and never loads it', async () => {
    const user = userEvent.setup();
    server.routes.set(MANIFEST, json(testManifest('prospects', { shared: { react: '^20.0.0' } })));
    render(<Shell />);
    await click(user, await screen.findByText('Prospects link'));
    expect(await screen.findByText(fallback.incompatible.title.replace('{{area}}', area))).toBeInTheDocument();
    expect(screen.getByText(/needs react@\^20.0.0, the host has 19.3.1/)).toBeInTheDocument();
    await waitFor(() => expect(loadCalls).toBe(0));
  });
});
