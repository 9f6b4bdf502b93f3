import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, signIn, test } from '../../support/fixtures';

/** The remote's own texts, read as the remote ships them. */
type PageTexts = Record<string, { title: string; coming: string }>;
const pagesIn = (locale: string) =>
  (
    JSON.parse(
      readFileSync(join(__dirname, '..', '..', '..', 'remotes', 'finder-verifier', 'src', 'locales', `${locale}.json`), 'utf8'),
    ) as { pages: PageTexts }
  ).pages;
const en = pagesIn('en');

/** Every screen URL of the area and the `pages.<key>` it shows. */
const SCREENS: [path: string, pageKey: string][] = [
  ['/url-emails', 'bulkDomainSearch'],
  ['/emails-from-names', 'bulkEmailSearch'],
  ['/bulk-email-verification', 'bulkVerification'],
  ['/domain-search', 'domainSearch'],
  ['/search/single-email', 'singleEmailSearch'],
  ['/verify/individual-emails', 'singleVerification'],
  ['/linkedin-search', 'socialSearch'],
  ['/techcheck', 'techCheck'],
  ['/finder-tools', 'finderTools'],
  ['/plugin/history-best-company/42', 'extensionBestCompanyHistory'],
  ['/plugin/history/42', 'extensionHistory'],
  ['/extensions', 'extensions'],
  ['/extensions/gmail-email-tracker', 'gmailTracker'],
  ['/clear-email', 'clearEmail'],
  ['/clear-email/someone%40example.com', 'clearEmail'],
  ['/uninstall/email-finder', 'uninstallEmailFinder'],
  ['/uninstall/linkedin-prospect-finder', 'uninstallSocialFinder'],
  ['/thanks-install-li-finder', 'thanksInstall'],
];

/** Document 1 §2: the utility pages open without an account. */
const PUBLIC_SCREENS = SCREENS.filter(([path]) => /^\/(clear-email|uninstall|thanks-install)/.test(path));

test('every screen of the area shows its title, says what it does and names the browser tab', async ({ page, user }) => {
  test.setTimeout(180_000);
  await signIn(page, user);
  for (const [path, key] of SCREENS) {
    await page.goto(path);
    const { title, coming } = en[key]!;
    await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
    await expect(page.getByText(coming, { exact: true }), path).toBeVisible();
    await expect(page, path).toHaveTitle(`${title} · Leadforge`);
  }
});

test('the public utility screens open without an account', async ({ page }) => {
  for (const [path, key] of PUBLIC_SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: en[key]!.title }), path).toBeVisible();
    await expect(page, path).not.toHaveURL(/\/login/);
  }
});

test('an unknown path of the area leads back to the root, and another language shows the area in it', async ({ page, user }) => {
  await signIn(page, user, '/url-emails/no/such/screen');
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/lang-change/uk?redirect=/domain-search');
  await expect(page).toHaveURL((url) => url.pathname === '/domain-search');
  await expect(page.getByRole('heading', { level: 1, name: pagesIn('uk').domainSearch!.title })).toBeVisible();
});
