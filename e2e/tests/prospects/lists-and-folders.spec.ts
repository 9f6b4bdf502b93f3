import { expect, signIn, test } from '../../support/fixtures';

test('creates a folder and a list, files the list in the folder and opens it', async ({ page, user }) => {
  await signIn(page, user, '/prospects/all');
  await expect(page.getByRole('heading', { level: 1, name: 'All contacts' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Prospect lists' });

  await sidebar.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Name').fill('Conferences');
  await page.getByRole('dialog', { name: 'New folder' }).getByRole('button', { name: 'Save' }).click();
  await expect(sidebar.getByText('Conferences')).toBeVisible();
  await expect(sidebar.getByText('No lists in this folder')).toBeVisible();

  await sidebar.getByRole('button', { name: 'New list' }).click();
  await page.getByRole('dialog', { name: 'New list' }).getByLabel('Name').fill('Web Summit 2026');
  await page.getByRole('dialog', { name: 'New list' }).getByRole('button', { name: 'Save' }).click();
  // A new list opens at once, empty.
  await expect(page).toHaveURL(/\/prospects\/list\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Web Summit 2026' })).toBeVisible();
  await expect(page.getByText('No prospects here yet')).toBeVisible();

  await sidebar.getByRole('button', { name: 'Actions for Web Summit 2026' }).click();
  await page.getByRole('menuitem', { name: 'Move to folder' }).hover();
  // The folder in the submenu, once it opened: the sidebar's own folder is a menu item of that name too.
  const folders = page.locator('.ant-dropdown-menu-submenu-popup:visible');
  const filed = page.waitForResponse((response) => response.url().endsWith('/folders/list/move'));
  await folders.getByRole('menuitem', { name: 'Conferences' }).click();
  expect((await filed).ok()).toBe(true);
  await expect(sidebar.getByText('No lists in this folder')).toHaveCount(0);
  // Filed under the folder: still there after a reload (saved on the server).
  await page.reload();
  await expect(sidebar.getByText('Conferences')).toBeVisible();
  await expect(sidebar.getByText('Web Summit 2026')).toBeVisible();
  await expect(sidebar.getByText('No lists in this folder')).toHaveCount(0);

  // A deleted list waits under "Deleted lists" and comes back with Restore.
  await sidebar.getByRole('button', { name: 'Actions for Web Summit 2026' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete the list “Web Summit 2026”?' }).getByRole('button', { name: 'Keep prospects' }).click();
  await expect(sidebar.getByRole('button', { name: 'Actions for Web Summit 2026' })).toHaveCount(0);
  await sidebar.getByRole('button', { name: 'Restore' }).click();
  await expect(sidebar.getByRole('button', { name: 'Actions for Web Summit 2026' })).toBeVisible();
  await page.reload();
  await expect(sidebar.getByRole('button', { name: 'Actions for Web Summit 2026' })).toBeVisible();
});
