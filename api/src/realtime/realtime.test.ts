import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import readline from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { PushEvent } from '@leadforge/contracts';
import { createRealtime, HANDSHAKE_REFUSED } from './realtime';
import { createPushPublisher } from './push-publisher';
import { InvalidPushEventError } from './push-event';
import { connectClient, handshakeOutcome, type TestClient } from './test-fixtures/clients';
import { resolveTestUser, sessionCookie, uniqueId } from './test-fixtures/test-sessions';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const here = path.dirname(fileURLToPath(import.meta.url));

interface CapturedLog {
  level: string;
  args: unknown[];
}
function captureLogger(logs: CapturedLog[]) {
  const at = (level: string) => (...args: unknown[]) => void logs.push({ level, args });
  return { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') } as never;
}

async function startServer(options: { redisUrl?: string; strict?: boolean; logs?: CapturedLog[] } = {}) {
  const server = http.createServer((_request, response) => response.writeHead(404).end());
  const realtime = createRealtime(server, {
    resolveUser: resolveTestUser,
    redisUrl: options.redisUrl,
    strict: options.strict,
    logger: captureLogger(options.logs ?? []),
  });
  await realtime.ready();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    realtime,
    async close() {
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const localeChanged: PushEvent = { type: 'account.changed', payload: { what: 'locale' } };
const sentinel = (n: number): PushEvent => ({ type: 'unibox.unread', payload: { unreadMessages: n } });

describe('realtime pushes on one instance', () => {
  let node: Awaited<ReturnType<typeof startServer>>;
  const clients: TestClient[] = [];
  before(async () => {
    node = await startServer();
  });
  after(async () => {
    for (const client of clients) client.close();
    await node.close();
  });

  it('refuses a handshake without a session, and with an unknown cookie', async () => {
    assert.equal(await handshakeOutcome(node.url), HANDSHAKE_REFUSED);
    assert.equal(await handshakeOutcome(node.url, 'other=1'), HANDSHAKE_REFUSED);
    assert.equal(await handshakeOutcome(node.url, sessionCookie({ userId: uniqueId(), teamId: null })), 'connected');
  });

  it('delivers a user push only to that user and a team push only to that team', async () => {
    const team = uniqueId();
    const alice = { userId: uniqueId(), teamId: team };
    const bob = { userId: uniqueId(), teamId: team };
    const carol = { userId: uniqueId(), teamId: null };
    const [a, b, c] = await Promise.all([alice, bob, carol].map((user) => connectClient(node.url, sessionCookie(user))));
    clients.push(a!, b!, c!);

    node.realtime.emitToUser(alice.userId, localeChanged);
    const teamEvent: PushEvent = { type: 'team.transfer', payload: { kind: 'joined', teamId: team, memberId: bob.userId } };
    node.realtime.emitToTeam(team, teamEvent);
    // A per-user sentinel after the targeted pushes: socket.io keeps order per socket, so a client
    // whose first message is its sentinel was not sent the earlier push.
    node.realtime.emitToUser(alice.userId, sentinel(1));
    node.realtime.emitToUser(bob.userId, sentinel(2));
    node.realtime.emitToUser(carol.userId, sentinel(3));

    assert.deepEqual(await a!.nextPush(), localeChanged);
    assert.deepEqual(await a!.nextPush(), teamEvent);
    assert.deepEqual(await a!.nextPush(), sentinel(1));
    assert.deepEqual(await b!.nextPush(), teamEvent);
    assert.deepEqual(await b!.nextPush(), sentinel(2));
    assert.deepEqual(await c!.nextPush(), sentinel(3));
  });

  it('moves a connected user between team rooms after a team change', async () => {
    const oldTeam = uniqueId();
    const newTeam = uniqueId();
    const dave = { userId: uniqueId(), teamId: oldTeam };
    const d = await connectClient(node.url, sessionCookie(dave));
    clients.push(d);
    node.realtime.moveUserToTeam(dave.userId, oldTeam, newTeam);
    node.realtime.emitToTeam(oldTeam, sentinel(10));
    node.realtime.emitToTeam(newTeam, sentinel(11));
    assert.deepEqual(await d.nextPush(), sentinel(11));
  });

  it('refuses an event that does not match the contracts union (throws outside production)', async () => {
    const erin = { userId: uniqueId(), teamId: null };
    const e = await connectClient(node.url, sessionCookie(erin));
    clients.push(e);
    const bad = { type: 'account.changed', payload: { what: 'everything' } } as unknown as PushEvent;
    const unknownType = { type: 'made.up', payload: {} } as unknown as PushEvent;
    assert.throws(() => node.realtime.emitToUser(erin.userId, bad), InvalidPushEventError);
    assert.throws(() => node.realtime.emitToUser(erin.userId, unknownType), InvalidPushEventError);
    node.realtime.emitToUser(erin.userId, sentinel(4));
    assert.deepEqual(await e.nextPush(), sentinel(4));
  });
});

describe('realtime pushes in production mode', () => {
  it('logs and drops an invalid event instead of throwing', async () => {
    const logs: CapturedLog[] = [];
    const node = await startServer({ strict: false, logs });
    try {
      const frank = { userId: uniqueId(), teamId: null };
      const f = await connectClient(node.url, sessionCookie(frank));
      node.realtime.emitToUser(frank.userId, { type: 'unibox.unread', payload: { unreadMessages: -1 } });
      node.realtime.emitToUser(frank.userId, sentinel(5));
      assert.deepEqual(await f.nextPush(), sentinel(5));
      assert.equal(logs.filter((log) => log.level === 'error').length, 1);
      f.close();
    } finally {
      await node.close();
    }
  });
});

function spawnNode(): Promise<{ child: ChildProcessWithoutNullStreams; port: number; send(command: object): Promise<unknown> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'test-fixtures', 'realtime-node.ts')], {
    env: { ...process.env, REDIS_URL },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const replies: Array<(line: string) => void> = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`realtime node exited with ${code}: ${stderr}`)));
    lines.once('line', (first) => {
      lines.on('line', (line) => replies.shift()?.(line));
      resolve({
        child,
        port: (JSON.parse(first) as { port: number }).port,
        send(command) {
          return new Promise((done) => {
            replies.push((line) => done(JSON.parse(line)));
            child.stdin.write(`${JSON.stringify(command)}\n`);
          });
        },
      });
    });
  });
}

async function stopNode(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describe('realtime pushes across instances through Redis', () => {
  it('delivers a push raised in one process to a client connected to another process', async () => {
    const [one, two] = await Promise.all([spawnNode(), spawnNode()]);
    try {
      const team = uniqueId();
      const grace = { userId: uniqueId(), teamId: team };
      const client = await connectClient(`http://127.0.0.1:${two.port}`, sessionCookie(grace));
      assert.deepEqual(await one.send({ op: 'emitToUser', id: grace.userId, event: localeChanged }), { ok: true });
      assert.deepEqual(await client.nextPush(), localeChanged);
      const teamEvent: PushEvent = { type: 'team.transfer', payload: { kind: 'groupChanged', teamId: team, memberId: grace.userId } };
      assert.deepEqual(await one.send({ op: 'emitToTeam', id: team, event: teamEvent }), { ok: true });
      assert.deepEqual(await client.nextPush(), teamEvent);
      // Validation also holds on the sending instance.
      const refused = (await one.send({ op: 'emitToUser', id: grace.userId, event: { type: 'nope' } })) as { ok: boolean };
      assert.equal(refused.ok, false);
      client.close();
    } finally {
      await Promise.all([stopNode(one.child), stopNode(two.child)]);
    }
  });

  it('delivers a push from a worker-side publisher (Redis emitter) to a connected client', async () => {
    const node = await startServer({ redisUrl: REDIS_URL });
    const publisher = createPushPublisher({ redisUrl: REDIS_URL });
    try {
      const team = uniqueId();
      const henry = { userId: uniqueId(), teamId: team };
      const client = await connectClient(node.url, sessionCookie(henry));
      const progress: PushEvent = {
        type: 'job.progress',
        payload: { jobId: 'j-1', kind: 'verification', state: 'active', processed: 3, total: 10 },
      };
      publisher.emitToUser(henry.userId, progress);
      assert.deepEqual(await client.nextPush(), progress);
      publisher.emitToTeam(team, localeChanged);
      assert.deepEqual(await client.nextPush(), localeChanged);
      assert.throws(() => publisher.emitToUser(henry.userId, { type: 'bad' } as never), InvalidPushEventError);
      client.close();
    } finally {
      await publisher.close();
      await node.close();
    }
  });
});
