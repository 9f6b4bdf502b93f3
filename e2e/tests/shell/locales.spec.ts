import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../../support/fixtures';

const LOCALES = ['uk', 'zh', 'pt', 'es', 'en'] as const;
type Locale = (typeof LOCALES)[number];

const localesDir = join(__dirname, '..', '..', '..', 'shared', 'i18n', 'locales');
/** The few texts this journey reads from the translation files. */
interface Texts {
  languages: Record<'label' | Locale, string>;
  routes: { home: string };
}
const read = (locale: string, namespace: string) => JSON.parse(readFileSync(join(localesDir, locale, `${namespace}.json`), 'utf8')) as Texts;


/**
 * Picks a language in the header switcher, whose own label is in the language shown now. antd
 * animates its dropdown open; a click that lands mid-animation can miss, so the pick is retried
 * until the page says it changed language.
 */
async function switchLanguage(page: Page, from: Locale, to: Locale) {
  const combobox = page.getByRole('combobox', { name: read(from, 'common').languages.label });
  const option = page.locator('.ant-select-item-option').filter({ hasText: read(to, 'common').languages[to] });
  await expect(async () => {
    if (!(await option.isVisible())) await combobox.click();
    await option.click({ timeout: 2_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', to, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test('switching to each of the five languages changes the interface and is remembered', async ({ page, user }) => {
  await signIn(page, user);
  let current: Locale = 'en';
  for (const locale of LOCALES) {
    await switchLanguage(page, current, locale);
    current = locale;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(read(locale, 'shell').routes.home);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
  }
  // The choice is saved to the account: a reload keeps it.
  await switchLanguage(page, current, 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicio');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicio');
});
