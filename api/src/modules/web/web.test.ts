import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../test-support/test-app';

describe('one origin: shell, remotes, environment map', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ jobs: false });
  });
  after(() => t?.close());

  it('serves index.html (no-cache) for navigations, JSON for API calls, and logs out on /logout', async () => {
    const client = t.client();
    for (const pathName of ['/home', '/prospects/list/7', '/team-info', '/back-nowhere']) {
      const page = await client.get(pathName, { headers: { accept: 'text/html,application/xhtml+xml' } });
      assert.equal(page.status, 200, pathName);
      assert.match(page.text, /Leadforge test shell/);
      assert.equal(page.headers.get('cache-control'), 'no-cache');
    }
    assert.equal((await client.get('/team-info')).status, 401);
    assert.equal((await client.get('/logout', { headers: { accept: 'text/html' } })).status, 302);
    const asset = await client.get('/main.0123abcd.js');
    assert.match(asset.headers.get('cache-control') ?? '', /immutable/);
    const csp = asset.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /style-src 'self' 'unsafe-inline'/);
  });

  it('sends a built asset precompressed by Accept-Encoding, with Vary and without cookies', async () => {
    const source = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    await writeFile(path.join(t.config.webRoot, 'chunk.89abcdef01.js'), source);
    await writeFile(path.join(t.config.webRoot, 'chunk.89abcdef01.js.br'), brotliCompressSync(source));
    await writeFile(path.join(t.config.webRoot, 'chunk.89abcdef01.js.gz'), gzipSync(source));
    const fetchAsset = (encoding: string) =>
      fetch(`${t.url}/chunk.89abcdef01.js`, { headers: { 'accept-encoding': encoding } });

    const brotli = await fetchAsset('gzip, deflate, br');
    assert.equal(brotli.headers.get('content-encoding'), 'br');
    assert.match(brotli.headers.get('vary') ?? '', /accept-encoding/i);
    assert.equal(await brotli.text(), source);
    assert.deepEqual(brotli.headers.getSetCookie(), []);
    assert.match(brotli.headers.get('cache-control') ?? '', /immutable/);

    const gzip = await fetchAsset('gzip');
    assert.equal(gzip.headers.get('content-encoding'), 'gzip');
    assert.equal(await gzip.text(), source);

    const plain = await fetchAsset('identity');
    assert.equal(plain.headers.get('content-encoding'), null);
    assert.equal(await plain.text(), source);

    const remoteFile = await fetch(`${t.url}/remotes/prospects/1.0.0/mf-manifest.json`);
    assert.equal(remoteFile.status, 200);
    assert.deepEqual(remoteFile.headers.getSetCookie(), []);
    // A page and an API answer still arm the CSRF cookies.
    const page = await fetch(`${t.url}/home`, { headers: { accept: 'text/html' } });
    assert.ok(page.headers.getSetCookie().some((cookie) => cookie.startsWith('lf_csrf=')));
  });

  it('compresses JSON answers above 1 KB and leaves small ones alone', async () => {
    const big = await fetch(`${t.url}/general-info/time-zones`, { headers: { 'accept-encoding': 'br, gzip', accept: 'application/json' } });
    assert.equal(big.status, 200);
    assert.equal(big.headers.get('content-encoding'), 'br');
    assert.ok(((await big.json()) as { timeZones: unknown[] }).timeZones.length > 100);
    const small = await fetch(`${t.url}/no-such-call`, { headers: { 'accept-encoding': 'br, gzip', accept: 'application/json' } });
    assert.equal(small.headers.get('content-encoding'), null);
    assert.equal(((await small.json()) as { errors: { key: string }[] }).errors[0]?.key, 'route_not_found');
  });

  it('serves released remotes immutable with open CORS, and re-reads environment.json', async () => {
    const client = t.client();
    const manifest = await client.get('/remotes/prospects/1.0.0/mf-manifest.json');
    assert.equal(manifest.status, 200);
    assert.match(manifest.headers.get('cache-control') ?? '', /immutable/);
    assert.equal(manifest.headers.get('access-control-allow-origin'), '*');
    assert.equal((await client.get('/remotes/prospects/9.9.9/mf-manifest.json')).status, 404);

    const first = await client.get('/environment.json');
    assert.equal(first.body.remotes.prospects.version, '1.0.0');
    assert.equal(first.headers.get('cache-control'), 'no-cache');
    await writeFile(
      path.join(t.config.environmentsDir, 'local.json'),
      JSON.stringify({ environment: 'local', remotes: { prospects: { version: '1.1.0' } } }),
    );
    assert.equal((await client.get('/environment.json')).body.remotes.prospects.version, '1.1.0');
  });

  it('serves the app for a browser at / (the address `pnpm start` prints), and no JSON 403', async () => {
    const page = await t.client().get('/', { headers: { accept: 'text/html,application/xhtml+xml' } });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assert.match(page.text, /Leadforge test shell/);
    const api = await t.client().get('/');
    assert.equal(api.status, 404);
    assert.equal(api.body.errors[0].key, 'route_not_found');
  });

  it('answers route_not_found for a path that is no call, distinct from a missing record', async () => {
    const client = t.client();
    for (const [method, pathName] of [
      ['GET', '/no-such-call'],
      ['POST', '/prospects/no-such-call'],
      ['GET', '/back/no-such-call'],
      ['DELETE', '/user-info'],
    ] as const) {
      const response = await client.request(method, pathName, method === 'GET' ? {} : { body: {} });
      assert.equal(response.status, 404, `${method} ${pathName}`);
      assert.equal(response.body.errors[0].key, 'route_not_found', `${method} ${pathName}`);
    }
  });

  it('answers 501 not_available_yet for calls of areas not built yet, and the app to a browser there', async () => {
    const client = t.client();
    const calls = [
      ['GET', '/pipelines/api/domains'],
      ['GET', '/enrichment/api/data-tables'],
      ['POST', '/api/ai-studio/workflows'],
      ['GET', '/crm/api/deals/count'],
      ['GET', '/payment-service'],
      ['GET', '/api/getUserBalance'],
      ['POST', '/hubspot/api/connect'],
      ['GET', '/back/crm/api/funnels'],
    ] as const;
    for (const [method, pathName] of calls) {
      const response = await client.request(method, pathName, method === 'GET' ? {} : { body: {} });
      assert.equal(response.status, 501, `${method} ${pathName}`);
      assert.equal(response.body.errors[0].key, 'not_available_yet', `${method} ${pathName}`);
    }
    for (const pathName of ['/campaigns/12', '/warm-up/api', '/crm/api/deals']) {
      const page = await client.get(pathName, { headers: { accept: 'text/html' } });
      assert.equal(page.status, 200, pathName);
      assert.match(page.text, /Leadforge test shell/);
    }
  });
});
