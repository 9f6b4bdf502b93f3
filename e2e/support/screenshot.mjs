// Developer aid: `node e2e/support/screenshot.mjs <url> <out.png> [email password]` takes a
// screenshot in Debian's Chromium, optionally after signing in through the login form.
import { chromium } from '@playwright/test';

const [url, out, email, password] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on('console', (message) => console.log(`[console.${message.type()}] ${message.text()}`));
page.on('pageerror', (error) => console.log(`[pageerror] ${error.message}`));
if (email) {
  const origin = new URL(url).origin;
  await page.goto(`${origin}/login`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}
await page.goto(url);
await page.waitForTimeout(2500);
await page.screenshot({ path: out, fullPage: false });
console.log(`saved ${out} at ${page.url()}`);
await browser.close();
