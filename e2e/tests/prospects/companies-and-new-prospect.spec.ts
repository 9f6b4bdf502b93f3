import { expect, signIn, test } from '../../support/fixtures';
import { apiAs, createFolder, createList, dragOnto, openList } from './prospects-world';

test('creates a company list with the default name, renames it, reads its history and deletes it', async ({ page, user }) => {
  await signIn(page, user, '/prospects/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  const lists = page.getByRole('navigation', { name: 'Company lists' });
  await expect(lists.getByText('No company lists yet')).toBeVisible();

  // The form offers the server's free default name.
  await lists.getByRole('button', { name: 'New company list' }).click();
  const create = page.getByRole('dialog', { name: 'New company list' });
  await expect(create.getByLabel('Name')).toHaveValue('Company list 1');
  await create.getByRole('button', { name: 'Save' }).click();
  // The created list opens at once, shown in the panel with its count of companies.
  await expect(page.getByRole('heading', { level: 4, name: 'Company list 1' })).toBeVisible();
  await expect(lists.getByRole('menuitem', { name: /Company list 1/ })).toContainText('0');

  // With no folder yet, the list's menu says where to make one instead of offering an empty submenu.
  await lists.getByRole('button', { name: 'Actions for Company list 1' }).click();
  await page.getByRole('menuitem', { name: 'Move to folder' }).hover();
  await expect(page.getByRole('menuitem', { name: 'No folders yet: create one in the prospect lists' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  await lists.getByRole('button', { name: 'Actions for Company list 1' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename “Company list 1”' });
  await rename.getByLabel('Name').fill('Fintech targets');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company list renamed to “Fintech targets”')).toBeVisible();
  await expect(lists.getByText('Fintech targets')).toBeVisible();
  await page.reload();
  await expect(lists.getByText('Fintech targets')).toBeVisible();

  await lists.getByRole('button', { name: 'Actions for Fintech targets' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History of “Fintech targets”' });
  await expect(history.getByText('List “Fintech targets” created')).toBeVisible();
  await history.getByRole('button', { name: 'Close' }).click();

  // Cancelling the confirmation deletes nothing, even after a reload.
  await lists.getByRole('button', { name: 'Actions for Fintech targets' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the company list “Fintech targets”?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.reload();
  await expect(lists.getByText('Fintech targets')).toBeVisible();

  // The list is open when deleted: the page leaves it.
  await lists.getByText('Fintech targets').click();
  await expect(page.getByRole('heading', { level: 4, name: 'Fintech targets' })).toBeVisible();
  await lists.getByRole('button', { name: 'Actions for Fintech targets' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(lists.getByText('Fintech targets')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 4, name: 'Fintech targets' })).toHaveCount(0);
  await expect(lists.getByText('No company lists yet')).toBeVisible();

  // The whole history keeps what happened to the list after it is gone.
  await lists.getByRole('button', { name: 'History' }).click();
  const all = page.getByRole('dialog', { name: 'Company history' });
  await expect(all.getByText(/^List “.+” deleted$/)).toBeVisible();
  await expect(all.getByText(/^List “.+” created$/)).toBeVisible();
});

test('files a company list in a folder that survives a reload, and reads one list’s history with its rename', async ({ page, user, playwright }) => {
  const api = await apiAs(playwright, user);
  await createFolder(api, 'Accounts');
  for (const name of ['Banks', 'Insurers']) await api.call('POST', '/lists/add', { type: 'company', name });
  // A folder holding only a prospect list: the folders are shared, but it has no row among the company lists.
  const prospectsOnly = await createFolder(api, 'Prospects only');
  const prospectList = await createList(api, 'Prospect leads');
  await api.call('POST', '/folders/list/move', { listId: prospectList.id, folderId: prospectsOnly.id });
  await api.dispose();

  await signIn(page, user, '/prospects/companies');
  const lists = page.getByRole('navigation', { name: 'Company lists' });
  await expect(lists.getByText('Insurers')).toBeVisible();
  await expect(lists.getByRole('menuitem', { name: /Prospects only/ })).toHaveCount(0);
  await expect(lists.getByText('Prospect leads')).toHaveCount(0);
  await lists.getByRole('button', { name: 'Actions for Banks' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename “Banks”' });
  await rename.getByLabel('Name').fill('Retail banks');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(lists.getByText('Retail banks')).toBeVisible();

  // File it through the list's menu: the folder appears in the panel with the list inside.
  await lists.getByRole('button', { name: 'Actions for Retail banks' }).click();
  await page.getByRole('menuitem', { name: 'Move to folder' }).hover();
  await page.getByRole('menuitem', { name: 'Accounts' }).click();
  await expect(page.getByText('“Retail banks” filed in “Accounts”')).toBeVisible();
  const folder = lists.locator('li', { has: page.getByRole('menuitem', { name: /Accounts/ }) });
  await expect(folder.getByText('Retail banks')).toBeVisible();
  await expect(folder.getByText('Insurers')).toHaveCount(0);

  await page.reload();
  await expect(folder.getByText('Retail banks')).toBeVisible();
  await expect(lists.getByText('Insurers')).toBeVisible();
  await expect(folder.getByText('Insurers')).toHaveCount(0);

  // The history of one list: its creation and its rename, nothing about the other list.
  await lists.getByRole('button', { name: 'Actions for Retail banks' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History of “Retail banks”' });
  await expect(history.getByText('List renamed to “Retail banks”')).toBeVisible();
  await expect(history.getByText('List “Retail banks” created')).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByText(/Insurers/)).toHaveCount(0);
  await history.getByRole('button', { name: 'Close' }).click();

  // The prospect lists sidebar shares the folder and shows no row for the company list in it.
  await page.goto('/prospects/all');
  const sidebar = page.getByRole('navigation', { name: 'Prospect lists' });
  const shared = sidebar.locator('li', { has: page.getByRole('menuitem', { name: /Accounts/ }) });
  await expect(shared.getByText('No lists in this folder')).toBeVisible();
  await expect(sidebar.getByText('Retail banks')).toHaveCount(0);
});

test('adds a new prospect with the form, under the editor’s rules, and sees it in the table', async ({ page, user, playwright }) => {
  const api = await apiAs(playwright, user);
  await createList(api, 'Newcomers');
  await api.dispose();

  await signIn(page, user, '/prospects/all');
  await openList(page, 'Newcomers');
  await expect(page.getByText('No prospects here yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add prospect' }).click();
  const form = page.getByRole('dialog', { name: 'New prospect' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Correct the marked fields, then save again.')).toBeVisible();

  // < > are stripped by the same cleaning the editor applies.
  await form.getByLabel('Name', { exact: true }).fill('Katherine <Johnson>');
  await form.getByRole('button', { name: 'Add email' }).click();
  await form.getByLabel('Email 1').fill('katherine@nasa.example');
  await form.getByRole('button', { name: 'Add company' }).click();
  await form.getByLabel('Website 1').fill('nasa.example');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter the company name.')).toBeVisible();

  await form.getByLabel('Company 1').fill('NASA');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Katherine Johnson added')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByRole('link', { name: 'Katherine Johnson' })).toBeVisible();
  await expect(page.getByText('katherine@nasa.example')).toBeVisible();

  // From All contacts the form asks which list to add to, and saves into the one picked.
  await page.getByRole('navigation', { name: 'Prospect lists' }).getByText('All contacts', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All contacts' })).toBeVisible();
  await page.getByRole('button', { name: 'Add prospect' }).click();
  await form.getByLabel('Name', { exact: true }).fill('Mary Jackson');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Choose the list to add the prospect to.')).toBeVisible();
  // Typed and confirmed with Enter: a click on an option while the dropdown slides in can be lost.
  const target = form.getByRole('combobox', { name: 'List', exact: true });
  await target.fill('Newcomers');
  await target.press('Enter');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Mary Jackson added')).toBeVisible();
  await expect(form).toBeHidden();
  await openList(page, 'Newcomers');
  await expect(page.getByRole('link', { name: 'Mary Jackson' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Katherine Johnson' })).toBeVisible();
});

test('reorders folders by dragging and files a list by dropping it on a folder', async ({ page, user, playwright }) => {
  const api = await apiAs(playwright, user);
  for (const name of ['Alpha', 'Beta', 'Gamma']) await createFolder(api, name);
  await createList(api, 'Dragged list');
  await api.dispose();

  await signIn(page, user, '/prospects/all');
  const sidebar = page.getByRole('navigation', { name: 'Prospect lists' });
  const folderTitles = sidebar.locator('[data-folder-id]');
  await expect(folderTitles).toHaveText(['Alpha', 'Beta', 'Gamma']);

  await dragOnto(page, sidebar.getByRole('button', { name: 'Drag folder Gamma' }), folderTitles.filter({ hasText: 'Alpha' }));
  await expect(folderTitles).toHaveText(['Gamma', 'Alpha', 'Beta']);

  await dragOnto(page, sidebar.getByRole('button', { name: 'Drag list Dragged list' }), folderTitles.filter({ hasText: 'Beta' }));
  // The folder's submenu: its title and the lists filed under it.
  const beta = sidebar.locator('li.ant-menu-submenu').filter({ has: page.locator('[data-folder-id]', { hasText: 'Beta' }) });
  await expect(beta.getByText('Dragged list')).toBeVisible();

  // Both were saved on the server.
  await page.reload();
  await expect(folderTitles).toHaveText(['Gamma', 'Alpha', 'Beta']);
  await expect(beta.getByText('Dragged list')).toBeVisible();

  // The folder's menu moves it too, for whoever does not drag.
  await sidebar.getByRole('button', { name: 'Actions for folder Alpha' }).click();
  await page.getByRole('menuitem', { name: 'Move up' }).click();
  await expect(folderTitles).toHaveText(['Alpha', 'Gamma', 'Beta']);
});
