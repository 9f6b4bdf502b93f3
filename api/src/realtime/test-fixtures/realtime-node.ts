/**
 * One API-like process for the cross-instance test: an HTTP server with the realtime module on the
 * Redis adapter. It prints `{"port":…}` once listening and then executes one JSON command per stdin
 * line (`{"op":"emitToUser","userId":1,"event":{…}}`), answering `{"ok":true}` per line.
 */
import http from 'node:http';
import readline from 'node:readline';
import { createRealtime } from '../realtime';
import { resolveTestUser } from './test-sessions';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('REDIS_URL is required');

const logger = { info() {}, warn() {}, debug() {}, error: (...args: unknown[]) => console.error(...args) };
const server = http.createServer((_request, response) => response.writeHead(404).end());
const realtime = createRealtime(server, { resolveUser: resolveTestUser, redisUrl, logger: logger as never });

await realtime.ready();
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const command = JSON.parse(line) as { op: 'emitToUser' | 'emitToTeam'; id: number; event: never };
  try {
    if (command.op === 'emitToUser') realtime.emitToUser(command.id, command.event);
    else realtime.emitToTeam(command.id, command.event);
    process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: String(error) })}\n`);
  }
});

process.on('SIGTERM', () => {
  void realtime.close().then(() => server.close(() => process.exit(0)));
});
