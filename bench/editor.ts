/**
 * The sequence editor with 200 blocks (issue 15 asks that dragging keeps >= 50 fps in Chromium):
 * against the production build served as users get it, a campaign whose flowchart has
 * BENCH_BLOCKS blocks (default 200: start, then emails and delays in a chain) is opened in the
 * wizard's sequence step; a block is dragged with the mouse in small steps for about two seconds
 * while a requestAnimationFrame counter records every frame. Prints the frame rate (median and
 * the slowest 5 % of frames) and the longest frame. Figures only: nothing here asserts a time.
 *
 *   pnpm --filter @leadforge/bench editor          (needs `npm run build` first)
 *   BENCH_WEB_URL=http://127.0.0.1:8181 pnpm --filter @leadforge/bench editor   (a server already running)
 */
import { loadavg } from 'node:os';
import { chromium, request } from '@playwright/test';
import { composedAppBase, startComposedApp } from './composed-app';

const BASE = composedAppBase(8191).base;
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 200);
const DRAG_STEPS = 120;


const variant = (index: number) => ({
  subject: `Step ${index} for {{firstName}}`,
  content: `<p>Hello {{firstName}}, this is step ${index}.</p>`,
  attachments: [],
  plainTextMode: false,
  hasContent: true,
  hasInvalidVariables: false,
  hasDynamicText: false,
  overLimitDynamicText: false,
});

/** start → email → delay → email → … : BLOCKS blocks in a column of rows of four, all linked. */
function bigFlowchart() {
  const operators = [{ block: { id: 'start', type: 'start' }, position: { x: 0, y: 0 } }];
  const links: { from: string; to: string; output: string }[] = [];
  let previous = 'start';
  for (let index = 1; index < BLOCKS; index += 1) {
    const id = `b${index}`;
    const block = index % 2 === 1 ? { id, type: 'email', emails: [variant(index)] } : { id, type: 'delay', waiting_val: 24 };
    operators.push({ block, position: { x: (index % 4) * 320, y: Math.floor(index / 4) * 180 + 160 } } as (typeof operators)[number]);
    links.push({ from: previous, to: id, output: 'next' });
    previous = id;
  }
  return { operators, links };
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

async function main() {
  const server = (await startComposedApp(8191)).child;
  const api = await request.newContext({ baseURL: BASE });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const csrf = async () => ((await (await api.get('/auth/csrf', { headers: { accept: 'application/json' } })).json()) as { token: string }).token;
    const call = async (method: string, url: string, data: unknown) => {
      const response = await api.fetch(url, { method, headers: { 'x-csrf-token': await csrf(), accept: 'application/json' }, data });
      if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
      return response.json();
    };
    await call('POST', '/auth/register', { name: 'Bench Editor', email: `bench-editor-${Date.now()}@example.com`, password: 'a long enough password' });
    const saved = (await call('POST', '/pipelines/api/campaign/save', { title: 'Two hundred blocks', flowchart: bigFlowchart() })) as { campaign: { campaignId: number } };

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: await api.storageState() });
    const page = await context.newPage();
    await page.goto(`${BASE}/campaigns/create/sequence?id=${saved.campaign.campaignId}`);
    const node = page.locator('.react-flow__node[data-id="b1"]');
    await node.waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForTimeout(1_000); // let the first layout and fit-view settle before measuring

    const box = (await node.boundingBox())!;
    const start = { x: box.x + box.width / 2, y: box.y + 12 };
    // Plain source text: tsx (esbuild keepNames) would wrap a named function literal in a __name
    // helper the page does not have.
    await page.evaluate(`(() => {
      const frames = [];
      window.__frames = frames;
      const tick = (time) => { frames.push(time); requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    })()`);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    const began = await page.evaluate(() => performance.now());
    for (let step = 1; step <= DRAG_STEPS; step += 1) {
      await page.mouse.move(start.x + step * 3, start.y + Math.sin(step / 10) * 40);
      await page.waitForTimeout(16); // a hand moves the mouse about once a frame
    }
    await page.mouse.up();
    const ended = await page.evaluate(() => performance.now());
    const frames = (await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames)).filter((time) => time >= began && time <= ended);
    const gaps = frames.slice(1).map((time, index) => time - frames[index]!).sort((a, b) => a - b);
    const moved = await node.boundingBox();

    console.log(`\nSequence editor drag, ${BLOCKS} blocks (load average ${loadavg()[0]!.toFixed(1)})\n`);
    console.log('| frames | drag (ms) | median fps | p5 fps (slowest 5 % of frames) | longest frame (ms) | block moved (px) |');
    console.log('|---|---|---|---|---|---|');
    console.log(
      `| ${gaps.length} | ${Math.round(ended - began)} | ${(1000 / percentile(gaps, 0.5)).toFixed(1)} | ${(1000 / percentile(gaps, 0.95)).toFixed(1)} | ${gaps.at(-1)!.toFixed(1)} | ${moved ? Math.round(moved.x - box.x) : 'n/a'} |`,
    );
    await context.close();
  } finally {
    await browser.close();
    await api.dispose();
    server?.kill('SIGTERM');
  }
}

await main();
