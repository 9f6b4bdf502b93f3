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
import { reportError } from './app/report-error';

/**
 * Start-up: error handlers first (a chunk can fail from the very first import), then the
 * environment map and the start language in parallel, then the first render.
 */
async function start() {
  installGlobalErrorHandlers();
  // The menu and the areas' fallbacks are labelled from the federation namespace.
  const [environment] = await Promise.allSettled([
    loadEnvironment(),
    i18nReady(i18n).then(() => registerNamespace(FEDERATION_NAMESPACE, federationLocaleLoaders)),
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
  createRoot(container).render(<App queryClient={createQueryClient()} i18n={i18n} />);
}

void start();
