import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, signIn, test } from '../../support/fixtures';

const localesDir = join(__dirname, '..', '..', '..', 'shared', 'i18n', 'locales');
const read = (locale: string, namespace: string) =>
  JSON.parse(readFileSync(join(localesDir, locale, `${namespace}.json`), 'utf8')) as Record<string, Record<string, unknown>>;

const LOCALES = ['uk', 'zh', 'pt', 'es', 'en'] as const;

test('switching to each of the five languages changes the interface and is remembered', async ({ page, user }) => {
  await signIn(page, user);
  for (const locale of LOCALES) {
    const languageName = read(locale, 'common').languages[locale] as string;
    const homeLabel = (read(locale, 'shell').routes as Record<string, string>).home;
    await page.getByRole('combobox', { name: /.+/ }).first().click();
    await page.getByRole('option', { name: languageName }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeLabel);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
  }
  // The last choice (English) was saved to the account: a reload keeps it.
  await page.getByRole('combobox', { name: /.+/ }).first().click();
  await page.getByRole('option', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicio');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicio');
});
