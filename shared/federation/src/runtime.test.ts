/**
 * @jest-environment node
 */
import { createInstance } from '@module-federation/runtime';
import { RemoteUnavailableError } from './errors';
import type { RemoteModule } from './remote-module';
import {
  hostOwnedSharesPlugin,
  initRemotes,
  loadRemoteModule,
  ownShareEntries,
  remoteFallbackPlugin,
  resetRemote,
  waitForRemote,
  type FederationRuntime,
} from './runtime';
import { TEST_HOST, json, startLoopbackServer, testManifest, type LoopbackServer } from './testing/loopback';

const quietLogger = { info: () => undefined, error: () => undefined };

function mfRuntime(name: string, logger = quietLogger): FederationRuntime {
  const instance = createInstance({ name, remotes: [], plugins: [remoteFallbackPlugin(logger)] });
  return {
    registerRemotes: (remotes, options) => instance.registerRemotes(remotes, options),
    loadRemote: (id) => instance.loadRemote(id),
  };
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'loaded';
  } catch (error) {
    if (error instanceof RemoteUnavailableError) return error.reason;
    throw error;
  }
}

describe('remote loader', () => {
  let server: LoopbackServer;
  beforeEach(async () => {
    server = await startLoopbackServer();
  });
  afterEach(() => server.close());

  function init(runtime: FederationRuntime, loadTimeoutMs = 2_000) {
    initRemotes(
      { environment: 'test', remotes: { prospects: { version: '1.0.0', manifest: `${server.baseUrl}/prospects/1.0.0/mf-manifest.json` } } },
      TEST_HOST,
      { runtime, loadTimeoutMs, logger: quietLogger },
    );
  }

  it('turns an entry that fails in the MF runtime into a fallback through errorLoadRemote', async () => {
    const errors: unknown[] = [];
    const logger = { info: () => undefined, error: (...args: unknown[]) => errors.push(args) };
    const instance = createInstance({
      name: 'hook-host',
      remotes: [{ name: 'prospects', entry: `${server.baseUrl}/missing/remoteEntry.js` }],
      plugins: [remoteFallbackPlugin(logger)],
    });
    // Without the hook this rejects deep inside the runtime; with it the caller gets a marker.
    const result = await instance.loadRemote('prospects/routes');
    expect(result).toEqual(expect.objectContaining({ error: expect.anything() }));
    expect(errors).toHaveLength(1);
  });

  it('reports a manifest that is not there as missing', async () => {
    init(mfRuntime('missing-host'));
    await expect(reasonOf(loadRemoteModule('prospects'))).resolves.toBe('missing');
  });

  it('refuses an incompatible remote before the runtime ever sees it', async () => {
    server.routes.set('/prospects/1.0.0/mf-manifest.json', json(testManifest('prospects', { contractsMajor: 2 })));
    const registered: string[] = [];
    init({ registerRemotes: (remotes) => registered.push(...remotes.map((r) => r.name)), loadRemote: async () => null });
    const error = await loadRemoteModule('prospects').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RemoteUnavailableError);
    expect((error as RemoteUnavailableError).reason).toBe('incompatible');
    expect((error as RemoteUnavailableError).details).toEqual(['prospects@1.0.0 needs contracts major 2, the host has 1']);
    expect(registered).toEqual([]);
  });

  it('reports a compatible remote whose entry fails to load as load-failed, and loads it on retry', async () => {
    server.routes.set('/prospects/1.0.0/mf-manifest.json', json(testManifest('prospects')));
    init(mfRuntime('retry-host'));
    await expect(reasonOf(loadRemoteModule('prospects'))).resolves.toBe('load-failed');
    // The same failed promise is served until Retry resets it: one visit, one attempt.
    const hitsAfterFirst = server.hits.length;
    await expect(reasonOf(loadRemoteModule('prospects'))).resolves.toBe('load-failed');
    expect(server.hits.length).toBe(hitsAfterFirst);
    resetRemote('prospects');
    await expect(reasonOf(loadRemoteModule('prospects'))).resolves.toBe('load-failed');
    expect(server.hits.length).toBeGreaterThan(hitsAfterFirst);
  });

  it('gives up on a remote that does not answer in time', async () => {
    server.routes.set('/prospects/1.0.0/mf-manifest.json', () => undefined /* never answers */);
    init(mfRuntime('slow-host'), 100);
    await expect(reasonOf(loadRemoteModule('prospects'))).resolves.toBe('timeout');
  });

  it('rejects a module that is not a Leadforge route module', async () => {
    server.routes.set('/prospects/1.0.0/mf-manifest.json', json(testManifest('prospects')));
    init({ registerRemotes: () => undefined, loadRemote: async <T,>() => ({ default: { routes: 'nope' } }) as T });
    await expect(reasonOf(loadRemoteModule('prospects'))).resolves.toBe('invalid-module');
  });

  it('says not-configured for a remote the environment does not pin', async () => {
    init({ registerRemotes: () => undefined, loadRemote: async () => null });
    await expect(reasonOf(loadRemoteModule('crm'))).resolves.toBe('not-configured');
  });

  it('registers a loaded remote namespace and returns its module', async () => {
    server.routes.set('/prospects/1.0.0/mf-manifest.json', json(testManifest('prospects')));
    const module: RemoteModule = {
      routes: [{ path: '/prospects/all' }],
      namespace: 'runtimeTestNs',
      loadLocale: {
        en: async () => ({ title: 'All' }),
        uk: async () => ({ title: 'Усі' }),
        zh: async () => ({ title: '全部' }),
        pt: async () => ({ title: 'Todos' }),
        es: async () => ({ title: 'Todos' }),
      },
    };
    const registered: Array<{ name: string; entry: string; type?: string }> = [];
    init({ registerRemotes: (remotes) => registered.push(...remotes), loadRemote: async <T,>() => ({ default: module }) as T });
    await expect(loadRemoteModule('prospects')).resolves.toBe(module);
    // The container script itself: the manifest was already fetched and checked by the loader.
    expect(registered).toEqual([expect.objectContaining({ name: 'prospects', entry: `${server.baseUrl}/prospects/1.0.0/remoteEntry.js` })]);
    const { i18n } = await import('@leadforge/i18n');
    expect(i18n.getResource('en', 'runtimeTestNs', 'title')).toBe('All');
  });

  it('marks a loaded remote so use() reads it without suspending, and a failed one with its reason', async () => {
    server.routes.set('/prospects/1.0.0/mf-manifest.json', json(testManifest('prospects')));
    init({ registerRemotes: () => undefined, loadRemote: async <T,>() => ({ default: { routes: 'nope' } }) as T });
    const failed = loadRemoteModule('prospects') as Promise<RemoteModule> & { status?: string; reason?: unknown };
    await failed.catch(() => undefined);
    expect(failed.status).toBe('rejected');
    expect(failed.reason).toBeInstanceOf(RemoteUnavailableError);
  });

  it('holds a navigation until the remote is loaded, but never fails it and never waits past its limit', async () => {
    server.routes.set('/prospects/1.0.0/mf-manifest.json', () => undefined /* never answers */);
    init(mfRuntime('waiting-host'), 5_000);
    const started = Date.now();
    await expect(waitForRemote('prospects', 50)()).resolves.toBeNull();
    expect(Date.now() - started).toBeLessThan(4_000);
    // A remote that cannot load resolves the loader too: the area's fallback shows the failure.
    await expect(waitForRemote('crm', 1_000)()).resolves.toBeNull();
    resetRemote('prospects');
  });
});

describe('host-owned shared singletons', () => {
  function antd(version: string, from: string) {
    return { version, lib: () => ({ from }), shareConfig: { singleton: true, requiredVersion: '^6.0.0' } };
  }

  /** A remote built with a newer antd than the host's, in a share scope that holds both copies. */
  async function remoteSeeing(withPlugin: boolean) {
    const host = createInstance({ name: 'host', remotes: [], shared: { antd: antd('6.1.0', 'host') } });
    await Promise.all(host.initializeSharing('default'));
    const hostCopies = ownShareEntries(host as unknown as Parameters<typeof ownShareEntries>[0]);
    // The runtime relabels an entry with the first instance that loads it.
    hostCopies.get('antd')!.from = 'finder_verifier';
    const plugins = withPlugin ? [hostOwnedSharesPlugin(hostCopies)] : [];
    const remote = createInstance({ name: `prospects-${plugins.length}`, remotes: [], plugins, shared: { antd: antd('6.2.0', 'remote') } });
    await Promise.all(remote.initializeSharing('default'));
    remote.shareScopeMap.default!.antd!['6.1.0'] = host.shareScopeMap.default!.antd!['6.1.0']!;
    const factory = await remote.loadShare<{ from: string }>('antd');
    return factory ? factory() : undefined;
  }

  it('hands a remote the copy the host provides, even when the remote was built with a newer version', async () => {
    // The runtime alone picks the highest version: a second antd outside the host's providers.
    await expect(remoteSeeing(false)).resolves.toEqual({ from: 'remote' });
    await expect(remoteSeeing(true)).resolves.toEqual({ from: 'host' });
  });
});
