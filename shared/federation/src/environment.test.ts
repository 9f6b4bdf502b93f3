/**
 * @jest-environment node
 */
import { EnvironmentLoadError, environmentMapSchema, loadEnvironment, manifestUrlFor, pinnedRemotes } from './environment';
import { json, startLoopbackServer, type LoopbackServer } from './testing/loopback';

describe('environment map', () => {
  it('accepts pins with and without an explicit manifest URL', () => {
    const env = environmentMapSchema.parse({
      environment: 'staging',
      remotes: { prospects: { version: '1.0.0' }, crm: { version: '1.2.0', manifest: 'https://cdn.example/crm/1.2.0/mf-manifest.json' } },
    });
    expect(manifestUrlFor(env, 'prospects')).toBe('/remotes/prospects/1.0.0/mf-manifest.json');
    expect(manifestUrlFor(env, 'crm')).toBe('https://cdn.example/crm/1.2.0/mf-manifest.json');
    expect(manifestUrlFor(env, 'unibox')).toBeNull();
    expect(pinnedRemotes(env)).toEqual(['prospects', 'crm']);
  });

  it('rejects unknown remotes, version ranges and stray fields', () => {
    expect(environmentMapSchema.safeParse({ environment: 'x', remotes: { billing: { version: '1.0.0' } } }).success).toBe(false);
    expect(environmentMapSchema.safeParse({ environment: 'x', remotes: { crm: { version: '^1.0.0' } } }).success).toBe(false);
    expect(environmentMapSchema.safeParse({ environment: 'x', remotes: { crm: { version: '1.0.0', url: '/x' } } }).success).toBe(false);
    expect(environmentMapSchema.safeParse({ remotes: {} }).success).toBe(false);
    expect(environmentMapSchema.safeParse({ environment: 'x', remotes: { crm: { version: '2.0.0-rc.1' } } }).success).toBe(true);
  });

  describe('loadEnvironment', () => {
    let server: LoopbackServer;
    beforeEach(async () => {
      server = await startLoopbackServer();
    });
    afterEach(() => server.close());

    it('reads and validates the map the server serves', async () => {
      server.routes.set('/environment.json', json({ environment: 'local', remotes: { prospects: { version: '1.0.0' } } }));
      const env = await loadEnvironment(`${server.baseUrl}/environment.json`);
      expect(env).toEqual({ environment: 'local', remotes: { prospects: { version: '1.0.0' } } });
    });

    it('fails with a readable reason when the map is missing or invalid', async () => {
      await expect(loadEnvironment(`${server.baseUrl}/environment.json`)).rejects.toThrow(/answered 404/);
      server.routes.set('/environment.json', json({ environment: 'local', remotes: { prospects: { version: 'latest' } } }));
      await expect(loadEnvironment(`${server.baseUrl}/environment.json`)).rejects.toBeInstanceOf(EnvironmentLoadError);
    });
  });
});
