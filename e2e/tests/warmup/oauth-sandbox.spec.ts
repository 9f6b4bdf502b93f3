import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { MAIL_OAUTH_RETURN_PATHS, type MailOAuthProviderName } from '@leadforge/contracts';
import { seriousViolations } from '../../support/accessibility';
import { expect, signIn, test } from '../../support/fixtures';

// Connecting a mailbox through Google or Microsoft, on a server without their OAuth clients:
// start-server.mjs turns on the offline sandbox (MAIL_OAUTH_SANDBOX), whose consent page the API
// serves in the provider's place. Everything else is the real round trip: the start redirect with
// a state sealed for the session, the return path of the provider, the host's redirect handler,
// and the list completing the connection.

type Tree = { [key: string]: Tree | string };
type Locale = 'en' | 'uk';
const warmupTexts = (locale: Locale) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'remotes', 'warmup', 'src', 'locales', `${locale}.json`), 'utf8')) as Tree;
const errorTexts = (locale: Locale) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'shared', 'i18n', 'locales', locale, 'errors.json'), 'utf8')) as Record<string, { title: string; description: string }>;
/** A text of the translation tree by its dotted path, with `{{name}}` filled from `values`. */
const text = (tree: Tree, path: string, values: Record<string, string> = {}) =>
  (path.split('.').reduce<Tree | string>((node, key) => (node as Tree)[key]!, tree) as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const PROVIDER_NAMES: Record<MailOAuthProviderName, string> = { google: 'Google', microsoft: 'Microsoft' };

/**
 * From the setup page (in the page's language) to the sandbox's consent page, which says it is not
 * the provider; answers the state the start call sealed for this session.
 */
async function openConsent(page: Page, provider: MailOAuthProviderName, locale: Locale = 'en'): Promise<string> {
  const texts = warmupTexts(locale);
  await page.goto('/account/email-accounts/setup');
  await expect(page.getByTestId('oauth-sandbox')).toContainText(text(texts, 'setup.oauth.sandbox'));
  const button = page.locator(`[data-oauth="${provider}"]`);
  await expect(button).toContainText(text(texts, 'setup.oauth.connectWith', { provider: PROVIDER_NAMES[provider] }));
  await expect(button).toContainText(text(texts, 'setup.oauth.sandboxTag'));
  await button.click();
  await expect(page).toHaveURL(new RegExp(`/email-account/oauth-sandbox/${provider}\\?state=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Offline mailbox sandbox' })).toBeVisible();
  await expect(page.getByText(`This is not ${PROVIDER_NAMES[provider]}.`)).toBeVisible();
  return new URL(page.url()).searchParams.get('state')!;
}

async function approve(page: Page, email: string, name: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Sender name').fill(name);
  await page.getByRole('button', { name: 'Connect sandbox mailbox' }).click();
}

const rowOf = (page: Page, email: string) => page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });

test('a new user connects a Google and a Microsoft mailbox through the sandbox, and both are listed as active sandbox mailboxes', async ({ page, user }) => {
  // Two round trips through the consent page, each a few full page loads.
  test.setTimeout(120_000);
  const en = warmupTexts('en');
  await signIn(page, user, '/account/email-accounts');
  await expect(page.getByText('No mailboxes connected yet')).toBeVisible();

  const mailboxes = [
    { provider: 'google', email: 'ada@gmail-sandbox.test', name: 'Ada Lovelace' },
    { provider: 'microsoft', email: 'grace@outlook-sandbox.test', name: 'Grace Hopper' },
  ] as const;
  for (const mailbox of mailboxes) {
    await openConsent(page, mailbox.provider);
    await approve(page, mailbox.email, mailbox.name);

    // The provider's return path, the host's redirect handler, then the list, whose address no
    // longer carries the one-time code.
    await expect(page).toHaveURL(/\/account\/email-accounts$/);
    await expect(page.getByText(text(en, 'emailAccounts.oauth.connected', { email: mailbox.email }))).toBeVisible();
    await expect(page.getByText(text(en, 'emailAccounts.provider.sandboxHint')).first()).toBeVisible();

    const row = rowOf(page, mailbox.email);
    await expect(row).toContainText(mailbox.name);
    await expect(row.locator('[data-status="active"]')).toHaveText(text(en, 'emailAccounts.status.active'));
    const label = row.locator('[data-provider="sandbox"]');
    await expect(label).toHaveText(text(en, 'emailAccounts.provider.sandbox'));
    await expect(label).toHaveAttribute('title', text(en, 'emailAccounts.provider.sandboxHint'));
  }

  // The sandbox label is as legible as the rest of the list (WCAG AA contrast, among the rest).
  await expect(page.locator('section[data-screen] .ant-spin-spinning')).toHaveCount(0);
  expect((await seriousViolations(page, 'section[data-screen]')).remote).toEqual([]);

  // What the list shows is what the API holds: two sandbox mailboxes, and a reload replays no code.
  const listed = (await (await page.request.get('/email-account/list')).json()) as { items: { email: string; provider: string; status: string }[] };
  expect(listed.items.map(({ email, provider, status }) => ({ email, provider, status })).sort((a, b) => a.email.localeCompare(b.email))).toEqual([
    { email: 'ada@gmail-sandbox.test', provider: 'sandbox', status: 'active' },
    { email: 'grace@outlook-sandbox.test', provider: 'sandbox', status: 'active' },
  ]);
  await page.reload();
  await expect(rowOf(page, mailboxes[0].email)).toBeVisible();
  await expect(page.getByText(text(en, 'emailAccounts.oauth.failed'))).toHaveCount(0);
});

test('a consent that comes back to another session, and one the provider denies, end in a translated error and no mailbox', async ({ page, user }) => {
  test.setTimeout(120_000);
  await signIn(page, user);
  const en = warmupTexts('en');

  // Failed: the session that started the consent is gone by the time it returns (signed out and
  // in again in between), so its sealed state is refused and nothing is connected.
  await openConsent(page, 'microsoft');
  expect((await page.request.get('/logout', { maxRedirects: 0 })).status()).toBe(302);
  const { token } = (await (await page.request.get('/auth/csrf', { headers: { accept: 'application/json' } })).json()) as { token: string };
  const login = await page.request.post('/auth/login', {
    headers: { 'x-csrf-token': token, accept: 'application/json' },
    data: { email: user.email, password: user.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  await approve(page, 'late@outlook-sandbox.test', 'Late Larry');
  await expect(page).toHaveURL(/\/account\/email-accounts$/);
  await expect(page.getByText(text(en, 'emailAccounts.oauth.failed'))).toBeVisible();
  await expect(page.getByText(errorTexts('en').mail_oauth_failed!.description)).toBeVisible();
  await expect(page.getByText('No mailboxes connected yet')).toBeVisible();

  // Denied, in Ukrainian: the provider sends the browser back to its return path with
  // `error=access_denied` instead of a code (the sandbox has no deny button, so the answer is the
  // one Google sends).
  const uk = warmupTexts('uk');
  await page.goto('/lang-change/uk?redirect=/account/email-accounts');
  // The path, not the whole URL: `/lang-change/uk?redirect=/account/email-accounts` ends the same
  // way, and the page leaves it only once the language is saved.
  await expect(page).toHaveURL((url) => url.pathname === '/account/email-accounts');
  // Saved to the account (API code `ua`), so the next full page load stays in Ukrainian.
  const info = (await (await page.request.get('/user-info', { headers: { accept: 'application/json' } })).json()) as { locale: string };
  expect(info.locale).toBe('ua');
  const state = await openConsent(page, 'google', 'uk');
  await page.goto(`${MAIL_OAUTH_RETURN_PATHS.google}?${new URLSearchParams({ error: 'access_denied', state })}`);
  await expect(page).toHaveURL(/\/account\/email-accounts$/);
  await expect(page.getByText(text(uk, 'emailAccounts.oauth.failed'))).toBeVisible();
  await expect(page.getByText(text(uk, 'emailAccounts.oauth.providerRefused', { reason: 'access_denied' }))).toBeVisible();

  const listed = (await (await page.request.get('/email-account/list')).json()) as { items: unknown[] };
  expect(listed.items).toEqual([]);
});
