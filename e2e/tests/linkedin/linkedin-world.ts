/**
 * The LinkedIn journeys' helpers: picking an antd option the way a user does, connecting a
 * sandbox account by session cookie through the wizard, opening its working hours to every day
 * and every hour through its settings, and a second signed-in browser page.
 */
import type { Browser, Page } from '@playwright/test';
import { E2E_BASE_URL } from '../../support/env';
import { expect, signIn, type TestUser } from '../../support/fixtures';
import { apiSession } from '../shell/api-session';

/**
 * Picks an option of an antd select by its label. antd animates its dropdown open; a click that
 * lands mid-animation can miss, so the pick is retried until the select shows the choice.
 */
export async function pick(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true });
  const shown = page.locator('.ant-form-item').filter({ has: select }).locator('.ant-select-content, .ant-select-selection-item');
  await expect(async () => {
    await select.click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 2_000 });
    await expect(shown.first()).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Connects a sandbox account by session cookie in the open wizard (any cookie of 10 characters
 * or more signs in on the sandbox network), through Germany's built-in proxy, and closes it.
 */
export async function connectByCookie(page: Page, cookie: string, name: string): Promise<void> {
  const wizard = page.getByRole('dialog', { name: 'Connect a LinkedIn account' });
  await expect(wizard.getByRole('radio', { name: 'Session cookie' })).toBeChecked();
  await wizard.getByLabel('Session cookie (li_at)', { exact: true }).fill(cookie);
  await wizard.getByLabel('Name in Leadforge', { exact: true }).fill(name);
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await pick(page, 'Country', 'Germany');
  await wizard.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(wizard.getByTestId('connect-done')).toContainText('is connected');
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(wizard).toBeHidden();
}

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * Picks a time in one of the settings' hour selects by typing it, as a user finds a time in a
 * long list, and taking the one match.
 */
async function pickTime(page: Page, label: string, time: '00:00' | '24:00'): Promise<void> {
  const select = page.getByRole('combobox', { name: label, exact: true });
  const shown = page.locator('.ant-select').filter({ has: select });
  await expect(async () => {
    await select.click();
    await select.fill(time);
    const list = page.locator('.ant-select-dropdown:visible:not([class*="-leave"])').last();
    await list.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${time}$`) }).click({ timeout: 2_000 });
    await expect(shown).toContainText(time, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Opens the settings of the account `name` on the LinkedIn accounts page and makes it work every
 * day, all day (a new account works Monday to Friday, 9:00 to 18:00 on its own clock, and a
 * journey may run at night or on a weekend), then saves.
 */
export async function workAroundTheClock(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Settings of ${name}` }).click();
  const drawer = page.getByRole('dialog', { name: `Settings of ${name}` });
  await expect(drawer.getByText('Working hours', { exact: true })).toBeVisible();
  for (const day of WEEK) {
    const on = drawer.getByRole('checkbox', { name: day, exact: true });
    if (!(await on.isChecked())) await on.check();
    await pickTime(page, `${day}: from`, '00:00');
    await pickTime(page, `${day}: to`, '24:00');
  }
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Settings of ${name} saved`)).toBeVisible();
  await expect(drawer).toBeHidden();
}

/**
 * A page of its own browser context signed in as `user` (a second person at their own desk),
 * talking only to the app under test like the fixture's page.
 */
export async function pageOf(browser: Browser, user: TestUser, path = '/home'): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => route.abort('blockedbyclient'),
  );
  await signIn(page, user, path);
  return page;
}

/** `member` joins `lead`'s team with the lead's join code, as the team link does. */
export async function joinTeam(lead: TestUser, member: TestUser): Promise<void> {
  const leadApi = await apiSession(lead);
  const memberApi = await apiSession(member);
  try {
    const { joinCode } = (await leadApi.post('/team/join-code')) as { joinCode: string };
    await memberApi.post('/team/accept', { code: joinCode });
  } finally {
    await leadApi.dispose();
    await memberApi.dispose();
  }
}
