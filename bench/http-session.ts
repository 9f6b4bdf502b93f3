/**
 * What the HTTP benchmarks share: the API started in its own process (api-server.ts) on a
 * PostgreSQL database of their own, a signed-in session with its cookies and CSRF token, and
 * latency percentiles.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? process.env.BENCH_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Times `samples` calls after `warmUp` untimed ones; answers the median and the 95th percentile in ms. */
export async function sampleLatency(call: () => Promise<unknown>, options: { warmUp: number; samples: number; ready?: () => Promise<boolean> }) {
  for (let i = 0; i < options.warmUp; i += 1) await call();
  if (options.ready) while (!(await options.ready())) await new Promise((resolve) => setTimeout(resolve, 200));
  const times: number[] = [];
  for (let i = 0; i < options.samples; i += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** A browser-like client: cookies kept, the CSRF token sent on every change. */
export class Session {
  cookies = new Map<string, string>();
  constructor(readonly url: string) {}
  /** The Cookie header of this session, for another client (autocannon, socket.io). */
  cookieHeader(): string {
    return [...this.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
  }
  async call<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') {
      if (!this.cookies.get('lf_csrf')) await this.call('GET', '/auth/csrf');
      headers['x-csrf-token'] = this.cookies.get('lf_csrf')!;
    }
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const response = await fetch(`${this.url}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1).trim();
      if (value) this.cookies.set(pair.slice(0, at).trim(), value);
      else this.cookies.delete(pair.slice(0, at).trim());
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} → ${response.status}: ${text.slice(0, 300)}`);
    // JSON answers parsed, anything else (a CSV export) as its text.
    return ((response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text || undefined) as T;
  }
}

/**
 * The API in its own process, so the load generator does not share its event loop: on the
 * PostgreSQL database `databaseUrl`, or on a fresh PGlite folder when it is null.
 */
export async function startApi(databaseUrl: string | null, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const profile = process.env.BENCH_API_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_PROFILE}`] : [];
  const store = databaseUrl ? { BENCH_STORE: 'postgres', DATABASE_URL: databaseUrl } : { BENCH_STORE: 'pglite' };
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(here, 'api-server.ts')], {
    cwd: here,
    env: { ...process.env, NODE_ENV: 'production', ...store, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`API (${store.BENCH_STORE}) exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return { child, url: (JSON.parse(line) as { url: string }).url };
}

export async function stopApi(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Signs up a new user through the API; answers the signed-in session and the user's ids (read from the database). */
export async function registerBenchUser(url: string, databaseUrl: string, password: string): Promise<{ session: Session; email: string; userId: number; accountId: number }> {
  const session = new Session(url);
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  await session.call('POST', '/auth/register', { name: 'Bench User', email, password });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const user = (await db.query<{ id: number; account_id: number }>('select id, account_id from users where email = $1', [email])).rows[0]!;
    return { session, email, userId: user.id, accountId: user.account_id };
  } finally {
    await db.end();
  }
}

/** A new database named `lf_bench_<prefix>_<random>`; answers its name and URL. */
export async function createBenchDatabase(prefix: string): Promise<{ name: string; url: string }> {
  const name = `lf_bench_${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return { name, url: databaseUrlOf(name) };
}

export function databaseUrlOf(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropBenchDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
