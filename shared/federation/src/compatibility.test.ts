import { checkCompatibility, remoteEntryOf, routeScriptsOf } from './compatibility';
import { TEST_HOST, testManifest } from './testing/loopback';

const host = { contractsMajor: 1, shared: { ...TEST_HOST.shared, '@ant-design/pro-components': '3.1.14-7' } };

describe('remote compatibility check', () => {
  it('accepts a remote built against the host contracts major and satisfied ranges', () => {
    expect(checkCompatibility('prospects', testManifest('prospects'), host)).toEqual({ compatible: true });
    const newerHost = { ...host, shared: { ...host.shared, react: '19.9.0' } };
    expect(checkCompatibility('prospects', testManifest('prospects'), newerHost)).toEqual({ compatible: true });
  });

  it('refuses another contracts major', () => {
    const result = checkCompatibility('prospects', testManifest('prospects', { contractsMajor: 2 }), host);
    expect(result).toEqual({ compatible: false, reasons: ['prospects@1.0.0 needs contracts major 2, the host has 1'] });
  });

  it('refuses a shared range the host version does not satisfy', () => {
    const result = checkCompatibility('prospects', testManifest('prospects', { shared: { react: '^20.0.0', antd: '^6.6.8' } }), host);
    expect(result).toEqual({ compatible: false, reasons: ['prospects@1.0.0 needs react@^20.0.0, the host has 19.3.1'] });
    const older = checkCompatibility('prospects', testManifest('prospects', { shared: { antd: '^6.7.0' } }), host);
    expect(older.compatible).toBe(false);
  });

  it('pins prereleases exactly', () => {
    const same = testManifest('prospects', { shared: { '@ant-design/pro-components': '3.1.14-7' } });
    expect(checkCompatibility('prospects', same, host).compatible).toBe(true);
    const other = testManifest('prospects', { shared: { '@ant-design/pro-components': '3.1.14-8' } });
    expect(checkCompatibility('prospects', other, host).compatible).toBe(false);
  });

  it('refuses a singleton the host does not share at all', () => {
    const result = checkCompatibility('prospects', testManifest('prospects', { shared: { jotai: '^3.0.1' } }), host);
    expect(result).toEqual({ compatible: false, reasons: ['prospects@1.0.0 needs jotai@^3.0.1, which the host does not share'] });
  });

  it('refuses manifests without Leadforge metadata, of another remote, or not manifests at all', () => {
    const bare = testManifest('prospects') as { metaData: Record<string, unknown> };
    delete bare.metaData.leadforge;
    expect(checkCompatibility('prospects', bare, host)).toEqual({
      compatible: false,
      reasons: ['the manifest of prospects carries no metaData.leadforge'],
    });
    expect(checkCompatibility('crm', testManifest('prospects'), host)).toEqual({
      compatible: false,
      reasons: ['the manifest belongs to prospects, not crm'],
    });
    expect(checkCompatibility('crm', '<html>', host).compatible).toBe(false);
  });
});

describe('remoteEntryOf', () => {
  const manifestUrl = 'http://cdn.test/remotes/crm/1.0.0/mf-manifest.json';

  it('registers the container script beside the manifest, so the manifest is fetched once', () => {
    const manifest = { name: 'crm', exposes: [], metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } } };
    expect(remoteEntryOf(manifest, manifestUrl)).toEqual({ entry: 'http://cdn.test/remotes/crm/1.0.0/remoteEntry.js', type: 'global' });
  });

  it('follows a sub-folder the manifest names', () => {
    const manifest = { name: 'crm', exposes: [], metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'static/' } } };
    expect(remoteEntryOf(manifest, manifestUrl)).toEqual({ entry: 'http://cdn.test/remotes/crm/1.0.0/static/remoteEntry.js' });
  });

  it('falls back to the manifest when it names no entry', () => {
    expect(remoteEntryOf({ name: 'crm', exposes: [], metaData: {} }, manifestUrl)).toEqual({ entry: manifestUrl });
  });
});

describe('routeScriptsOf', () => {
  const manifestUrl = 'http://cdn.test/remotes/crm/1.0.0/mf-manifest.json';
  const metaData = { remoteEntry: { name: 'remoteEntry.js', path: '' } };

  it("lists the routes expose's synchronous chunks beside the container script, not its lazy ones", () => {
    const manifest = {
      name: 'crm',
      metaData,
      exposes: [
        { path: './other', assets: { js: { sync: ['other.js'], async: [] } } },
        { path: './routes', assets: { js: { sync: ['31.abc.js', '__federation_expose_routes.def.js'], async: ['i18n-es.js'] } } },
      ],
    };
    expect(routeScriptsOf(manifest, manifestUrl)).toEqual([
      'http://cdn.test/remotes/crm/1.0.0/31.abc.js',
      'http://cdn.test/remotes/crm/1.0.0/__federation_expose_routes.def.js',
    ]);
  });

  it('has nothing to offer for a manifest without asset lists', () => {
    expect(routeScriptsOf({ name: 'crm', metaData, exposes: [{ path: './routes' }] }, manifestUrl)).toEqual([]);
    expect(routeScriptsOf({ not: 'a manifest' }, manifestUrl)).toEqual([]);
  });
});
