import { SCRIPT_LOAD_TIMEOUT_MS } from '@leadforge/contracts';
import { registerNamespace } from '@leadforge/i18n';
import { getInstance, registerGlobalPlugins, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { checkCompatibility, remoteEntryOf, routeScriptsOf, type HostVersions } from './compatibility';
import { manifestUrlFor, type EnvironmentMap } from './environment';
import { RemoteUnavailableError } from './errors';
import { hostVersionsFrom } from './host-versions';
import { FEDERATION_NAMESPACE, federationLocaleLoaders } from './i18n';
import { isRemoteModule, type RemoteModule } from './remote-module';
import type { RemoteName } from './remote-names';

/** The two runtime calls we need; the MF instance the host's build plugin created provides them. */
export interface FederationRuntime {
  registerRemotes(remotes: Array<{ name: string; entry: string; type?: string }>, options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export interface RemoteLogger {
  info(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

export interface InitRemotesOptions {
  /** Defaults to the MF instance of the host build (`getInstance()`). */
  runtime?: FederationRuntime;
  /** Give up on a remote (manifest + entry + route chunk) after this long; the area then offers Retry. */
  loadTimeoutMs?: number;
  fetchImpl?: typeof fetch;
  logger?: RemoteLogger;
}

interface FederationState {
  env: EnvironmentMap;
  host: HostVersions;
  runtime: FederationRuntime;
  loadTimeoutMs: number;
  fetchImpl: typeof fetch;
  logger: RemoteLogger;
}

let state: FederationState | null = null;
const loads = new Map<RemoteName, Promise<RemoteModule>>();
/** Remotes whose registration must be replaced on the next attempt (a failed entry stays cached otherwise). */
const needsFreshRegistration = new Set<RemoteName>();
const registered = new Set<RemoteName>();

const LOAD_FAILURE = Symbol.for('leadforge.remoteLoadFailure');

interface LoadFailure {
  [LOAD_FAILURE]: true;
  error: unknown;
}

function isLoadFailure(value: unknown): value is LoadFailure {
  return typeof value === 'object' && value !== null && LOAD_FAILURE in value;
}

/**
 * `errorLoadRemote` hook: a remote whose entry or route chunk fails (404, script error, throw at
 * module evaluation) resolves to a failure marker instead of rejecting deep inside the runtime;
 * `loadRemoteModule` turns the marker into the area's fallback. Manifest-stage errors
 * (lifecycle `afterResolve`) are left to surface: they end in the `onLoad` stage anyway.
 */
export function remoteFallbackPlugin(logger: RemoteLogger = console): ModuleFederationRuntimePlugin {
  return {
    name: 'leadforge-remote-fallback',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      logger.error(`[federation] loading ${args.id} failed`, args.error);
      const failure: LoadFailure = { [LOAD_FAILURE]: true, error: args.error };
      return failure;
    },
  };
}

type ShareScopeEntry = { from?: string; loaded?: boolean; loading?: unknown };

/**
 * `resolveShare` hook, registered for every federation instance (the host's and each remote's):
 * a singleton the host provides resolves to the host's copy, whatever version a remote was built
 * with. The runtime's own choice is the highest version, which would hand a remote released
 * later with a newer antd its own copy, outside the host's ConfigProvider, App and theme; the
 * compatibility check has already refused a remote whose ranges the host does not satisfy.
 * The host's copies are known by identity, taken at start-up: the runtime relabels an entry's
 * `from` with whichever instance loads it first, and the host now leaves antd to be loaded later.
 */
export function hostOwnedSharesPlugin(hostCopies: ReadonlyMap<string, ShareScopeEntry>): ModuleFederationRuntimePlugin {
  return {
    name: 'leadforge-host-owned-shares',
    resolveShare(args) {
      if (!args.shareInfo.shareConfig?.singleton) return args;
      const own = hostCopies.get(args.pkgName);
      const versions = args.shareScopeMap[args.scope]?.[args.pkgName];
      if (own && versions && Object.values(versions).includes(own as never)) {
        args.resolver = () => ({ shared: own as (typeof versions)[string], useTreesShaking: false });
      }
      return args;
    },
  };
}

/** The entries of the default share scope that the instance registered itself. */
export function ownShareEntries(
  instance: { name: string; shareScopeMap: Record<string, Record<string, Record<string, ShareScopeEntry>>> },
): Map<string, ShareScopeEntry> {
  const own = new Map<string, ShareScopeEntry>();
  for (const [pkg, versions] of Object.entries(instance.shareScopeMap.default ?? {})) {
    for (const entry of Object.values(versions)) if (entry.from === instance.name) own.set(pkg, entry);
  }
  return own;
}

/**
 * Fetches and evaluates what the host provides but did not load for its own first paint (the
 * packages its code uses tree-shaken, pro-components, icons only the areas use), or just the
 * `packages` given, so the first remote that consumes them finds them loaded. Outside a federated
 * build (unit tests) there is no share scope and nothing to warm.
 */
export async function warmShared(packages?: readonly string[]): Promise<void> {
  const instance = getInstance();
  if (!instance) return;
  const pending =
    packages ??
    [...ownShareEntries(instance as unknown as Parameters<typeof ownShareEntries>[0])]
      .filter(([, entry]) => !entry.loaded && !entry.loading)
      .map(([pkg]) => pkg);
  await Promise.all(
    pending.map(async (pkg) => {
      const factory = await instance.loadShare(pkg);
      if (typeof factory === 'function') factory();
    }),
  );
}

function defaultRuntime(logger: RemoteLogger): { runtime: FederationRuntime; host: HostVersions } {
  const instance = getInstance();
  if (!instance) throw new Error('no module federation instance: initRemotes must run inside the host build');
  // Global, so the instances the remotes' entries create on their first load apply it too.
  // The host's build initialised its share scope before any of our code ran.
  const hostShares = hostOwnedSharesPlugin(ownShareEntries(instance as unknown as Parameters<typeof ownShareEntries>[0]));
  registerGlobalPlugins([hostShares]);
  instance.registerPlugins([remoteFallbackPlugin(logger), hostShares]);
  return {
    runtime: {
      registerRemotes: (remotes, options) => instance.registerRemotes(remotes, options),
      loadRemote: <T>(id: string) => instance.loadRemote<T>(id),
    },
    host: hostVersionsFrom(instance as unknown as Parameters<typeof hostVersionsFrom>[0]),
  };
}

/**
 * Hands the environment map to the loader. Nothing is fetched here: a remote's manifest is read,
 * checked and registered on the first visit to one of its routes.
 */
export function initRemotes(env: EnvironmentMap, hostVersions?: HostVersions, options: InitRemotesOptions = {}): void {
  const logger = options.logger ?? console;
  let runtime = options.runtime;
  let host = hostVersions;
  if (!runtime || !host) {
    const fromBuild = defaultRuntime(logger);
    runtime ??= fromBuild.runtime;
    host ??= fromBuild.host;
  }
  state = {
    env,
    host,
    runtime,
    loadTimeoutMs: options.loadTimeoutMs ?? SCRIPT_LOAD_TIMEOUT_MS,
    fetchImpl: options.fetchImpl ?? ((...args) => fetch(...args)),
    logger,
  };
  // Fallback texts and menu labels must be ready before any area can fail.
  void registerNamespace(FEDERATION_NAMESPACE, federationLocaleLoaders);
  loads.clear();
  registered.clear();
  needsFreshRegistration.clear();
  logger.info(`[federation] environment ${env.environment}: ${Object.keys(env.remotes).length} remotes pinned`);
}

async function fetchManifest(current: FederationState, remote: RemoteName, url: string, signal: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await current.fetchImpl(url, { signal, headers: { Accept: 'application/json' } });
  } catch (cause) {
    if (signal.aborted) throw signal.reason;
    throw new RemoteUnavailableError(remote, 'missing', [`${url} could not be fetched: ${String(cause)}`], { cause });
  }
  if (!response.ok) throw new RemoteUnavailableError(remote, 'missing', [`${url} answered ${response.status}`]);
  try {
    return await response.json();
  } catch (cause) {
    throw new RemoteUnavailableError(remote, 'missing', [`${url} is not a JSON manifest`], { cause });
  }
}

/** `<link rel="preload">` for scripts the runtime will ask for shortly; the browser reuses the response. */
function preloadScripts(urls: readonly string[]): void {
  if (typeof document === 'undefined') return;
  for (const href of urls) {
    if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = href;
    document.head.appendChild(link);
  }
}

async function loadUnchecked(current: FederationState, remote: RemoteName, signal: AbortSignal): Promise<RemoteModule> {
  const url = manifestUrlFor(current.env, remote);
  if (!url) {
    throw new RemoteUnavailableError(remote, 'not-configured', [`${remote} is not pinned in ${current.env.environment}`]);
  }
  const manifest = await fetchManifest(current, remote, url, signal);
  const verdict = checkCompatibility(remote, manifest, current.host);
  if (!verdict.compatible) throw new RemoteUnavailableError(remote, 'incompatible', verdict.reasons);

  preloadScripts(routeScriptsOf(manifest, url));
  if (!registered.has(remote) || needsFreshRegistration.has(remote)) {
    // force: a failed earlier attempt left a cached manifest/entry for this name behind.
    current.runtime.registerRemotes([{ name: remote, ...remoteEntryOf(manifest, url) }], { force: needsFreshRegistration.has(remote) });
    registered.add(remote);
    needsFreshRegistration.delete(remote);
  }
  const loaded = await current.runtime.loadRemote<unknown>(`${remote}/routes`);
  if (isLoadFailure(loaded) || loaded === null || loaded === undefined) {
    needsFreshRegistration.add(remote);
    const cause = isLoadFailure(loaded) ? loaded.error : undefined;
    throw new RemoteUnavailableError(remote, 'load-failed', [cause instanceof Error ? cause.message : String(cause ?? 'empty module')], {
      cause,
    });
  }
  const candidate = (loaded as { default?: unknown }).default ?? loaded;
  if (!isRemoteModule(candidate)) {
    throw new RemoteUnavailableError(remote, 'invalid-module', [`${remote}/routes does not default-export { routes, namespace, loadLocale }`]);
  }
  await registerNamespace(candidate.namespace, candidate.loadLocale);
  return candidate;
}

async function loadWithTimeout(current: FederationState, remote: RemoteName): Promise<RemoteModule> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new RemoteUnavailableError(remote, 'timeout', [`no answer within ${current.loadTimeoutMs} ms`]);
      controller.abort(error);
      reject(error);
    }, current.loadTimeoutMs);
  });
  try {
    return await Promise.race([loadUnchecked(current, remote, controller.signal), timeout]);
  } catch (error) {
    const failure =
      error instanceof RemoteUnavailableError
        ? error
        : new RemoteUnavailableError(remote, 'load-failed', [error instanceof Error ? error.message : String(error)], { cause: error });
    if (failure.reason === 'load-failed' || failure.reason === 'timeout') needsFreshRegistration.add(remote);
    current.logger.error(`[federation] ${remote} unavailable (${failure.reason}): ${failure.details.join('; ')}`);
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The remote's route module, loaded once and cached (a React 19 `use()`-able promise).
 * Rejects with `RemoteUnavailableError` for every way a remote can fail.
 */
export function loadRemoteModule(remote: RemoteName): Promise<RemoteModule> {
  const cached = loads.get(remote);
  if (cached) return cached;
  const current = state;
  const pending = current
    ? loadWithTimeout(current, remote)
    : Promise.reject(new RemoteUnavailableError(remote, 'not-configured', ['initRemotes() has not run']));
  pending.then(
    () => current?.logger.info(`[federation] ${remote} loaded`),
    () => undefined,
  );
  loads.set(remote, trackForUse(pending));
  return pending;
}

type UsablePromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * Marks the promise with its outcome the way React's `use()` reads it, so a remote that has
 * already loaded renders at once instead of suspending for a tick (and showing its loading frame).
 */
function trackForUse<T>(promise: Promise<T>): Promise<T> {
  const usable = promise as UsablePromise<T>;
  usable.status = 'pending';
  promise.then(
    (value) => {
      usable.status = 'fulfilled';
      usable.value = value;
    },
    (reason: unknown) => {
      usable.status = 'rejected';
      usable.reason = reason;
    },
  );
  return promise;
}

/**
 * How long a navigation into an area waits for its remote before showing the area's loading
 * frame. Waiting keeps the old page up for the usual ~100 ms load: React 19 keeps a revealed
 * Suspense fallback on screen for at least 300 ms, so showing one made every first visit slower.
 */
export const REMOTE_NAVIGATION_WAIT_MS = 1000;

/**
 * A route loader for an area's mount point: holds the navigation until the remote is loaded or
 * `REMOTE_NAVIGATION_WAIT_MS` passed. It never fails: a remote that cannot load is shown by the
 * area's own fallback, as before.
 */
export function waitForRemote(remote: RemoteName, waitMs = REMOTE_NAVIGATION_WAIT_MS): () => Promise<null> {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([loadRemoteModule(remote).then(
      () => undefined,
      () => undefined,
    ), waited]);
    clearTimeout(timer);
    return null;
  };
}

/** Forget a failed attempt so the next render loads the remote again (the Retry button). */
export function resetRemote(remote: RemoteName): void {
  loads.delete(remote);
}

/** The environment the host is running with, if initialised (for diagnostics and the UI). */
export function currentEnvironment(): EnvironmentMap | null {
  return state?.env ?? null;
}
