import { expect, navigateInApp, signIn, test } from '../../support/fixtures';
import { REMOTE_PAGES, fallbackFilesOf } from '../../support/remotes';

test('every remote loads in one session, each only on its first visit, with react, react-dom, antd and each icon fetched once', async ({ page, user }) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) requested.push(url.pathname);
  });
  await signIn(page, user);
  // The home page needs no remote: none may have been fetched yet.
  expect(requested.filter((path) => path.startsWith('/remotes/'))).toEqual([]);

  for (const { remote, path, title } of REMOTE_PAGES) {
    await navigateInApp(page, path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(/could not be (found|loaded)/)).toHaveCount(0);
    expect(requested.some((file) => file.startsWith(`/remotes/${remote}/`))).toBe(true);
  }

  // No remote brought its own react, react-dom or antd: the host's single copy served them all.
  const fallbacks = fallbackFilesOf(['react', 'react-dom', 'antd']);
  expect(requested.filter((file) => fallbacks.has(file))).toEqual([]);
  // Every shared module in use was loaded from one provider: react and react-dom from the host,
  // and each icon (shared icon by icon) from whichever build registered it first.
  const loadedFrom = await page.evaluate(() => {
    type Share = Record<string, Record<string, Record<string, { from: string; loaded?: boolean; loading?: unknown }>>>;
    const federation = (globalThis as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Share> } }).__FEDERATION__;
    const providers: Record<string, string[]> = {};
    for (const scopes of Object.values(federation?.__SHARE__ ?? {})) {
      for (const [name, versions] of Object.entries(scopes.default ?? {})) {
        for (const [version, entry] of Object.entries(versions)) {
          if (!entry.loaded && !entry.loading) continue;
          const copy = `${version} from ${entry.from}`;
          providers[name] = [...new Set([...(providers[name] ?? []), copy])];
        }
      }
    }
    return providers;
  });
  expect(loadedFrom.react).toEqual([expect.stringMatching(/ from host$/)]);
  expect(loadedFrom['react-dom']).toEqual([expect.stringMatching(/ from host$/)]);
  // The host's first paint uses antd tree-shaken; the whole copy it provides is loaded later, and
  // the runtime labels it with whichever build loaded it first (the fallback files above show
  // no remote used its own). One copy either way.
  expect(loadedFrom.antd).toHaveLength(1);
  const icons = Object.entries(loadedFrom).filter(([name]) => name.startsWith('@ant-design/icons/'));
  expect(icons.length).toBeGreaterThan(0);
  expect(icons.filter(([, copies]) => copies.length !== 1)).toEqual([]);
  // Each script was fetched once: a second request for the same file would be a second copy.
  const duplicates = requested.filter((file, index) => requested.indexOf(file) !== index);
  expect(duplicates).toEqual([]);
});

test('a remote answering 404 shows its own fallback while the menu and other areas keep working', async ({ page, user }) => {
  await page.route('**/remotes/studio/**', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await signIn(page, user, '/studio');
  await expect(page.getByRole('alert').filter({ hasText: 'AI studio could not be found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  await page.getByRole('menuitem', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();

  await page.goto('/crm');
  await expect(page.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();
});
