import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@leadforge/api-client';
import { i18n, i18nReady, registerNamespace } from '@leadforge/i18n';
import {
  FEDERATION_NAMESPACE,
  federationLocaleLoaders,
  initRemotes,
  loadEnvironment,
  type EnvironmentMap,
} from '@leadforge/federation';
import { App } from './app/app';
import { installGlobalErrorHandlers } from './app/chunk-errors';
import { preloadShellPage } from './app/page-modules';
import { reportError } from './app/report-error';
import { userInfoQueryOptions } from './app/session-bridge';
import { sessionStateOf } from './app/session-state';
import { frameForSession, preloadFrame } from './layout/frames';

/**
 * Start-up: error handlers first (a chunk can fail from the very first import), then the
 * environment map and the start language in parallel, then the first render. Meanwhile the page's
 * chunks are fetched, and the session is asked for as soon as the language is set (its answer may
 * switch it), not once the router has rendered; the frame it will be shown in is fetched as soon
 * as it answers.
 */
async function start() {
  installGlobalErrorHandlers();
  preloadShellPage(window.location.pathname);
  const queryClient = createQueryClient();
  const ready = i18nReady(i18n);
  void ready
    .then(() => queryClient.fetchQuery(userInfoQueryOptions))
    // A failed start-up call is the shell's to show (ShellRoot asks again and shows the error).
    .then((userInfo) => preloadFrame(frameForSession(sessionStateOf(userInfo))), () => undefined);
  // The menu and the areas' fallbacks are labelled from the federation namespace.
  const [environment] = await Promise.allSettled([
    loadEnvironment(),
    ready.then(() => registerNamespace(FEDERATION_NAMESPACE, federationLocaleLoaders)),
  ]);

  let env: EnvironmentMap;
  if (environment.status === 'fulfilled') {
    env = environment.value;
  } else {
    // Without a map no remote is pinned: each area shows its "not available" fallback while the
    // shell (login, home, account) keeps working.
    reportError(environment.reason, { where: 'environment' });
    env = { environment: 'unavailable', remotes: {} };
  }
  try {
    initRemotes(env);
  } catch (error) {
    reportError(error, { where: 'initRemotes' });
  }

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(<App queryClient={queryClient} i18n={i18n} />);
}

void start();
