/**
 * The composed production build for the browser benchmarks, started the way the journeys start it
 * (e2e/support/start-server.mjs), or a server already running at BENCH_WEB_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ComposedApp {
  base: string;
  /** The server this bench started (null for an external one). */
  child: ChildProcess | null;
}

export function composedAppBase(defaultPort: number): { base: string; port: number; external: boolean } {
  const port = Number(process.env.BENCH_WEB_PORT ?? defaultPort);
  const external = process.env.BENCH_WEB_URL?.replace(/\/$/, '');
  return { base: external ?? `http://127.0.0.1:${port}`, port, external: external !== undefined };
}

/** Starts the app on `port` unless `external`, and answers once /user-info does. */
export async function startComposedApp(defaultPort: number): Promise<ComposedApp> {
  const { base, port, external } = composedAppBase(defaultPort);
  if (external) return { base, child: null };
  const child = spawn(process.execPath, [path.join(root, 'e2e', 'support', 'start-server.mjs')], {
    env: { ...process.env, E2E_PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${base}/user-info`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('the composed app did not start');
}
