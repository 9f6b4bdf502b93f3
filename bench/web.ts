/**
 * Web benchmark (issue "Composed web app", Benchmarks): against the production build served the
 * way users get it (the API serving host/dist, releases/ and the environment map on one origin),
 * in Debian's Chromium, it measures
 * - JS bytes (gzip) fetched before the first paint of /login (anonymous) and /home (signed in),
 * - each remote's own JS bytes (gzip, shared singletons excluded) from its release folder,
 * - requests per route change into a not-yet-loaded remote, and from it back to a loaded one,
 * - LCP of /home,
 * - LCP and total blocking time of /login and /home in a Lighthouse-like desktop profile
 *   (10 Mbit/s, 40 ms round trip, no CPU slowdown, cold cache), TBT up to Lighthouse's time to
 *   interactive (the page is watched until it has had five quiet seconds), with the bytes
 *   actually transferred until then (the served brotli/gzip files, as a browser gets them),
 * - time from a route change to a remote's first render (heading on screen).
 * Prints markdown tables. Figures only: nothing here asserts a time.
 *
 *   pnpm --filter @leadforge/bench web          (needs `npm run build` first)
 *   BENCH_WEB_URL=http://127.0.0.1:8181 pnpm --filter @leadforge/bench web   (a server already running)
 */
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { composedAppBase, startComposedApp } from './composed-app';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const require = createRequire(import.meta.url);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 8190);
/** A server already running (e.g. started from another checkout) is measured instead of a fresh one. */
const BASE = composedAppBase(PORT).base;

const REMOTE_PAGES = [
  { remote: 'finder_verifier', path: '/domain-search' },
  { remote: 'prospects', path: '/prospects/all' },
  { remote: 'campaigns', path: '/campaigns' },
  { remote: 'unibox', path: '/unibox' },
  { remote: 'warmup', path: '/deliverability/warm-up' },
  { remote: 'enrichment', path: '/enrichment' },
  { remote: 'studio', path: '/studio' },
  { remote: 'crm', path: '/crm' },
  { remote: 'infra_billing', path: '/pricing-plans' },
];


/** Gzip size of every script body the page fetched, by path. */
function trackScripts(page: Page): Map<string, number> {
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || url.origin !== BASE) return;
    try {
      sizes.set(url.pathname, gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // a redirect or aborted response has no body
    }
  });
  return sizes;
}

/** Scripts whose download finished before the first contentful paint. */
async function scriptsBeforeFirstPaint(page: Page): Promise<string[]> {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  return page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
      .filter((entry) => entry.responseEnd <= fcp)
      .map((entry) => new URL(entry.name).pathname);
  });
}

async function lcpOf(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/** Resolves once no request of the page has been in flight for 500 ms. */
async function settle(page: Page): Promise<void> {
  let inFlight = 0;
  let quietSince = Date.now();
  const start = () => (inFlight += 1);
  const end = () => {
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) quietSince = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    while (inFlight > 0 || Date.now() - quietSince < 500) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

/** Lighthouse's desktop preset: 10,240 kbit/s, 40 ms RTT, CPU not slowed. */
const DESKTOP = { latency: 40, throughput: (10_240 * 1024) / 8 };
/** The guard the issue keeps on first-paint JS once LCP and TBT are the goal. */
const FIRST_PAINT_JS_BUDGET = 600 * 1024;

/**
 * Lighthouse's time to interactive: the page counts as interactive at the end of its last long
 * task before the first five seconds after the first paint with no long task and at most two
 * requests in flight. Total blocking time adds up the part over 50 ms of every long task between
 * the first paint and that moment, so work a page starts a little after it settled still counts.
 */
const QUIET_WINDOW_MS = 5_000;
const QUIET_MAX_REQUESTS = 2;
/** A page that never goes quiet is measured up to here, and says so. */
const QUIET_GIVE_UP_MS = 60_000;
const BLOCKING_THRESHOLD_MS = 50;

// Plain source text for the page (see the route-change note below on tsx and function literals).
const RECORD_LONG_TASKS = `window.__lfLongTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lfLongTasks.push([e.startTime, e.duration]); })
  .observe({ type: 'longtask', buffered: true });`;
const READ_PAGE_TIMELINE = `(() => ({
  now: performance.now(),
  timeOrigin: performance.timeOrigin,
  fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  longTasks: window.__lfLongTasks,
  transferred: performance.getEntriesByType('resource').reduce((sum, entry) => sum + (entry.transferSize || 0), 0)
    + (performance.getEntriesByType('navigation')[0]?.transferSize || 0),
}))()`;

type PageTimeline = { now: number; timeOrigin: number; fcp: number | null; longTasks: Array<[number, number]>; transferred: number };

/** Every HTTP request of the page as [start, end] in the page's clock (end Infinity while in flight). */
function trackRequests(cdp: CDPSession): (timeOrigin: number) => Array<[number, number]> {
  const requests = new Map<string, { wallStart: number; start: number; end?: number }>();
  cdp.on('Network.requestWillBeSent', (event: { requestId: string; wallTime: number; timestamp: number; request: { url: string } }) => {
    if (event.request.url.startsWith('data:') || requests.has(event.requestId)) return;
    requests.set(event.requestId, { wallStart: event.wallTime * 1000, start: event.timestamp * 1000 });
  });
  const finish = (event: { requestId: string; timestamp: number }) => {
    const request = requests.get(event.requestId);
    if (request) request.end = event.timestamp * 1000;
  };
  cdp.on('Network.loadingFinished', finish);
  cdp.on('Network.loadingFailed', finish);
  return (timeOrigin) =>
    [...requests.values()].map(({ wallStart, start, end }) => {
      const from = wallStart - timeOrigin;
      return [from, end === undefined ? Number.POSITIVE_INFINITY : from + (end - start)];
    });
}

/** When the quiet window began (no long task, at most two requests in flight since), if it has. */
function quietSince(timeline: PageTimeline & { fcp: number }, requests: Array<[number, number]>): number {
  let since = timeline.fcp;
  for (const [start, duration] of timeline.longTasks) if (duration > BLOCKING_THRESHOLD_MS) since = Math.max(since, start + duration);
  // The last moment more than two requests were in flight.
  const edges = requests.flatMap(([start, end]): Array<[number, number]> => [[start, 1], [end, -1]]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let inFlight = 0;
  for (const [time, change] of edges) {
    if (inFlight > QUIET_MAX_REQUESTS) since = Math.max(since, time);
    inFlight += change;
  }
  return inFlight > QUIET_MAX_REQUESTS ? Number.POSITIVE_INFINITY : since;
}

/** One cold load of `url` through the desktop profile: FCP, LCP, TBT (to Lighthouse's TTI) and bytes on the wire. */
async function desktopLoad(browser: Browser, url: string, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 }, ...(storageState ? { storageState } : {}) });
  try {
    const page = await context.newPage();
    await page.addInitScript(RECORD_LONG_TASKS);
    const cdp = await context.newCDPSession(page);
    const requests = trackRequests(cdp);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: DESKTOP.latency,
      downloadThroughput: DESKTOP.throughput,
      uploadThroughput: DESKTOP.throughput,
    });
    await page.goto(url, { waitUntil: 'load' });
    let timeline: PageTimeline & { fcp: number };
    let quiet = true;
    for (;;) {
      const read = (await page.evaluate(READ_PAGE_TIMELINE)) as PageTimeline;
      if (read.fcp !== null) {
        timeline = { ...read, fcp: read.fcp };
        if (read.now - quietSince(timeline, requests(read.timeOrigin)) >= QUIET_WINDOW_MS) break;
        if (read.now >= QUIET_GIVE_UP_MS) {
          quiet = false;
          break;
        }
      }
      await page.waitForTimeout(200);
    }
    const tti = timeline.longTasks.reduce((end, [start, duration]) => (duration > BLOCKING_THRESHOLD_MS ? Math.max(end, start + duration) : end), timeline.fcp);
    const tbt = timeline.longTasks.reduce((sum, [start, duration]) => {
      const clipped = Math.min(start + duration, tti) - Math.max(start, timeline.fcp);
      return sum + Math.max(0, clipped - BLOCKING_THRESHOLD_MS);
    }, 0);
    const lcp = await lcpOf(page);
    return { fcp: timeline.fcp, lcp, tbt, tti, quiet, transferred: timeline.transferred };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function signUp(): Promise<{ email: string; password: string }> {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'a long enough password';
  const csrfResponse = await fetch(`${BASE}/auth/csrf`, { headers: { accept: 'application/json' } });
  const cookies = csrfResponse.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
  const { token } = (await csrfResponse.json()) as { token: string };
  const registered = await fetch(`${BASE}/auth/register`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'x-csrf-token': token, cookie: cookies, origin: BASE },
    body: JSON.stringify({ name: 'Bench Mark', email, password }),
  });
  if (!registered.ok) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
  return { email, password };
}

async function main() {
  const server = (await startComposedApp(PORT)).child;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const user = await signUp();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const sizes = trackScripts(page);

    await page.goto(`${BASE}/login`, { waitUntil: 'networkidle' });
    const loginScripts = await scriptsBeforeFirstPaint(page);
    const loginBytes = loginScripts.reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0);

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/home$/);

    // A fresh document load of /home, signed in, for its own paint figures.
    await page.goto(`${BASE}/home`, { waitUntil: 'networkidle' });
    const homeScripts = await scriptsBeforeFirstPaint(page);
    const homeBytes = homeScripts.reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0);
    const homeLcp = await lcpOf(page);

    // The desktop profile: cold loads in fresh contexts, /home with the signed-in cookies.
    const signedIn = await context.storageState();
    const desktop = {
      login: await desktopLoad(browser, `${BASE}/login`),
      home: await desktopLoad(browser, `${BASE}/home`, signedIn),
    };

    const changes: { remote: string; ms: number; requests: number; backRequests: number }[] = [];
    for (const { remote, path: target } of REMOTE_PAGES) {
      const requests: string[] = [];
      const listener = (request: { url(): string }) => requests.push(request.url());
      page.on('request', listener);
      // Plain source text: tsx (esbuild keepNames) would wrap a function literal in a __name helper
      // that does not exist in the page.
      const ms = (await page.evaluate(`new Promise((resolve) => {
        const to = ${JSON.stringify(target)};
        const before = document.querySelector('h1')?.textContent;
        const started = performance.now();
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
        const check = () => {
          // The remote's own frame is on screen once the page heading is no longer the home page's.
          const heading = document.querySelector('h1');
          if (heading && heading.textContent !== before) resolve(performance.now() - started);
          else requestAnimationFrame(check);
        };
        check();
      })`)) as number;
      await settle(page);
      const into = requests.length;
      await page.evaluate(() => {
        window.history.pushState({}, '', '/home');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      await settle(page);
      page.off('request', listener);
      changes.push({ remote, ms, requests: into, backRequests: requests.length - into });
    }

    const { measureRelease } = require(path.join(root, 'tools', 'build-config', 'src', 'sizes.cjs')) as {
      measureRelease: (dir: string) => { remote: string; version: string; ownGzip: number; remoteEntryGzip: number };
    };
    const pins = (await (await fetch(`${BASE}/environment.json`)).json()) as { remotes: Record<string, { version: string }> };

    console.log('\n## Web figures (Chromium, production build, one origin)\n');
    // Every figure moves with the other jobs on the machine: say how busy it was.
    console.log(`load average at the end: ${loadavg().map((value) => value.toFixed(2)).join(' ')}\n`);
    console.log('| measure | value |');
    console.log('|---|---:|');
    console.log(`| JS before first paint, /login (gzip) | ${kb(loginBytes)} in ${loginScripts.length} files |`);
    console.log(`| JS before first paint, /home signed in (gzip) | ${kb(homeBytes)} in ${homeScripts.length} files |`);
    console.log(`| LCP of /home | ${homeLcp.toFixed(0)} ms |`);
    const guard = (bytes: number) => (bytes <= FIRST_PAINT_JS_BUDGET ? 'within' : 'OVER');
    console.log(`| first-paint JS guard (≤ ${kb(FIRST_PAINT_JS_BUDGET)} gzip) | /login ${guard(loginBytes)}, /home ${guard(homeBytes)} |`);
    console.log('\n### Desktop profile (10 Mbit/s, 40 ms RTT, CPU 1×, cold cache; goal LCP ≤ 1.5 s, TBT ≤ 200 ms)\n');
    console.log('| page | FCP | LCP | TBT | TTI | transferred until quiet |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [name, figures] of Object.entries(desktop)) {
      const tti = figures.quiet ? `${figures.tti.toFixed(0)} ms` : `not quiet within ${QUIET_GIVE_UP_MS / 1000} s`;
      console.log(`| /${name} | ${figures.fcp.toFixed(0)} ms | ${figures.lcp.toFixed(0)} ms | ${figures.tbt.toFixed(0)} ms | ${tti} | ${kb(figures.transferred)} |`);
    }
    console.log('\n| remote | own JS (gzip) | route change to first render | requests into it | requests back to /home |');
    console.log('|---|---:|---:|---:|---:|');
    for (const change of changes) {
      const release = measureRelease(path.join(root, 'releases', 'remotes', change.remote, pins.remotes[change.remote]!.version));
      console.log(`| ${change.remote} | ${kb(release.ownGzip)} | ${change.ms.toFixed(0)} ms | ${change.requests} | ${change.backRequests} |`);
    }
  } finally {
    await browser.close();
    server?.kill('SIGTERM');
  }
}

await main();
