import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { E2E_BASE_URL } from './env';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** A fresh account per test, created through the real API (register answers user-info). */
export async function createUser(request: APIRequestContext, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user: TestUser = {
    name: overrides.name ?? 'Grace Hopper',
    email: overrides.email ?? `e2e-${randomUUID().slice(0, 12)}@example.com`,
    password: overrides.password ?? 'a long enough password',
  };
  const csrf = await request.get(`${E2E_BASE_URL}/auth/csrf`, { headers: { accept: 'application/json' } });
  expect(csrf.ok()).toBeTruthy();
  const { token } = (await csrf.json()) as { token: string };
  const registered = await request.post(`${E2E_BASE_URL}/auth/register`, {
    headers: { 'x-csrf-token': token, accept: 'application/json' },
    data: { name: user.name, email: user.email, password: user.password },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  return user;
}

export async function signInThroughForm(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs in through the API (the page's cookies are the API context's) and opens `path`: the sign-in
 * form is the journey of tests/shell; every other journey starts where it is about, instead of
 * paying for two extra page loads (the form, then the home page) before its first step.
 */
export async function signIn(page: Page, user: TestUser, path = '/home'): Promise<void> {
  const csrf = await page.request.get('/auth/csrf', { headers: { accept: 'application/json' } });
  const { token } = (await csrf.json()) as { token: string };
  const login = await page.request.post('/auth/login', {
    headers: { 'x-csrf-token': token, accept: 'application/json' },
    data: { email: user.email, password: user.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto(path);
  await appLoaded(page);
}

/**
 * Waits for a cold first load: the shell rendered past its own full-page "Loading…" (the session
 * and the user's info) and no remote still loading its code (the shell's "Loading <area>…" state).
 * A journey's first page load fetches and compiles the host and a remote at once, which on two
 * busy cores can outlast the 15 s an expectation waits, so this one wait is longer.
 */
export async function appLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (document.getElementById('root')?.childElementCount ?? 0) > 0 &&
      ![...document.querySelectorAll<HTMLElement>('[role="status"]')].some((status) => {
        const text = status.textContent?.trim() ?? '';
        // A remote's code on its way, or the shell's own full-page state (LoadingState fullscreen);
        // a screen's own "Loading…" is the journey's to await (the UI kit page shows one for good).
        return /^Loading .+…$/.test(text) || (text === 'Loading…' && status.style.minHeight === '100vh');
      }),
    undefined,
    { timeout: 90_000, polling: 100 },
  );
}

/**
 * Every test page may talk only to the app under test: anything else is aborted, so a stray
 * request to the internet fails loudly instead of hanging on this closed network.
 */
export const test = base.extend<{ user: TestUser }>({
  page: async ({ page }, use) => {
    await page.route(
      (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
      (route) => route.abort('blockedbyclient'),
    );
    await use(page);
  },
  user: async ({ playwright }, use) => {
    const request = await playwright.request.newContext();
    const user = await createUser(request);
    await request.dispose();
    await use(user);
  },
});

export { expect };

/**
 * A client-side navigation, as a click on an in-app link does: the router hears `popstate`, the
 * page is not reloaded, and nothing already loaded is fetched again.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/** Whether the page is wider than the window (something forces a sideways scroll). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(widths.scrollWidth, `page is ${widths.scrollWidth}px wide in a ${widths.innerWidth}px window`).toBeLessThanOrEqual(widths.innerWidth);
}
