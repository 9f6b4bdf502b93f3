/**
 * The scale-out test: two real API processes (`src/server.ts`) on one PostgreSQL database
 * and one Redis. A user signs in on instance A, opens the socket on instance B, changes the
 * language through A, and the `account.changed` push raised by A reaches the socket held by B.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTempDir, createTestPostgres, waitFor, type TestPostgres } from '../jobs/test-fixtures/databases';
import { TestClient } from '../test-support/test-client';
import { connectClient, handshakeOutcome } from './test-fixtures/clients';
import { HANDSHAKE_REFUSED } from './realtime';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface ApiProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function startApi(databaseUrl: string, dataDir: string): Promise<ApiProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`API on port ${port} exited (${child.exitCode}):\n${output}`);
      try {
        const response = await fetch(`${url}/user-info`, { headers: { accept: 'application/json' } });
        return response.status === 200 ? true : undefined;
      } catch {
        return undefined;
      }
    },
    { timeoutMs: 90_000, intervalMs: 250, what: `the API on port ${port} to answer` },
  );
  return { child, url, output: () => output };
}

async function stopApi(api: ApiProcess | undefined): Promise<void> {
  if (!api || api.child.exitCode !== null || api.child.signalCode !== null) return;
  const exited = new Promise((resolve) => api.child.once('exit', resolve));
  api.child.kill('SIGTERM');
  await exited;
}

// Several API instances share a PostgreSQL server; the pglite pass of api/scripts/run-tests.mjs has
// nothing to run here.
const onPostgres = process.env.LEADFORGE_TEST_STORE !== 'pglite';

if (onPostgres) describe('realtime across two API processes on PostgreSQL and Redis', () => {
  let postgres: TestPostgres;
  let dataDir: { dir: string; remove(): Promise<void> };
  let apiA: ApiProcess | undefined;
  let apiB: ApiProcess | undefined;

  before(async () => {
    postgres = await createTestPostgres('lf_scale_out');
    dataDir = await createTempDir('lf-scale-out');
    // One after the other only to keep the start-up load of this 2-core machine down.
    apiA = await startApi(postgres.url, dataDir.dir);
    apiB = await startApi(postgres.url, dataDir.dir);
  });

  after(async () => {
    await Promise.all([stopApi(apiA), stopApi(apiB)]);
    await postgres?.drop();
    await dataDir?.remove();
  });

  it('delivers the account.changed push raised on A to the socket held by B', async () => {
    const browser = new TestClient(apiA!.url);
    const email = `scale-${Date.now()}@example.com`;
    const registered = await browser.post('/auth/register', { name: 'Scale Out', email, password: 'Correct-Horse-42-battery' });
    assert.equal(registered.status, 200, registered.text);
    assert.ok(browser.cookies.get('lf_session'), 'signed in on A');

    // The session cookie issued by A opens the socket on B (sessions live in the shared database).
    assert.equal(await handshakeOutcome(apiB!.url), HANDSHAKE_REFUSED);
    const socket = await connectClient(apiB!.url, browser.cookieHeader());
    try {
      const changed = await browser.post('/change-language', { lang: 'es' });
      assert.equal(changed.status, 200, changed.text);
      assert.deepEqual(await socket.nextPush(10_000), { type: 'account.changed', payload: { what: 'locale' } });
    } finally {
      socket.close();
    }
  });
});
