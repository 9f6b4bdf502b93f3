import { expect, signIn, test } from '../../support/fixtures';
import type { Request } from '@playwright/test';
import { addProspect, apiAs, createList, openList, pickOption } from './prospects-world';

/** Tagged prospects besides Ada: with her, more than the 50 rows of one page of the table. */
const MORE_VIP = 53;
const VIP = MORE_VIP + 1;
/** The table's page: the only size of page the screen ever asks for. */
const PAGE = 50;

const bodyOf = (request: Request, path: string) =>
  new URL(request.url()).pathname.endsWith(path) ? (request.postDataJSON() as Record<string, unknown>) : null;

test('filters a list by tag and by email status, and acts on every matching prospect', async ({ page, user, playwright }) => {
  test.setTimeout(240_000);
  const api = await apiAs(playwright, user);
  const list = await createList(api, 'Filtered');
  const copies = await createList(api, 'VIP copies');
  const ada = await addProspect(api, list.id, { name: 'Ada Lovelace', email: 'ada@example.com' });
  await addProspect(api, list.id, { name: 'Charles Babbage', email: 'charles@example.com' });
  await addProspect(api, list.id, { name: 'No Mail Person' });
  const vips = [ada.id];
  for (let n = 1; n <= MORE_VIP; n += 1) vips.push((await addProspect(api, list.id, { name: `Vip ${n}`, email: `vip-${n}@example.com` })).id);
  await api.call('POST', '/prospect-tags/save', { tags: ['vip'], prospects: vips });

  // The filter button (its popover also holds "Clear filters").
  const filters = page.getByRole('button', { name: /\bFilters$/ });
  const toolbar = page.getByRole('toolbar', { name: 'Actions on the selection' });
  // "All matching" is sent for the server to resolve: the screen never pages through the ids itself.
  const pageSizes: unknown[] = [];
  page.on('request', (request) => {
    const body = bodyOf(request, '/prospects/list-prospects');
    if (body) pageSizes.push(body.perPage);
  });
  await signIn(page, user, '/prospects/all');
  await openList(page, 'Filtered');
  await expect(page.getByText(`Total: ${VIP + 2}`)).toBeVisible();

  await filters.click();
  await page.getByRole('combobox', { name: 'Tags', exact: true }).click();
  await pickOption(page, 'vip');
  await expect(page.getByText(`Total: ${VIP}`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Vip ${MORE_VIP}`, exact: true })).toBeVisible();

  // "All matching" reaches past the page on screen: every tagged prospect but the one unticked
  // is copied, Ada (added first, on page 2) included; the untagged ones are not.
  await filters.click();
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeHidden();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByText(`Selected: ${PAGE}`)).toBeVisible();
  await page.getByRole('button', { name: `Select all matching (${VIP})` }).click();
  await expect(page.getByText(`Selected: ${VIP}`)).toBeVisible();
  // Every action is offered in an own list.
  await expect(toolbar.getByRole('button')).toHaveText(['Clear selection', 'Move', 'Copy to list', 'Tag', 'Delete', 'Verify emails', 'Export CSV']);
  const unticked = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Vip ${MORE_VIP}`, exact: true }) });
  await unticked.getByRole('checkbox').uncheck();
  await expect(page.getByText(`Selected: ${VIP - 1}`)).toBeVisible();
  await toolbar.getByRole('button', { name: 'Copy to list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy to list' });
  // Typed and confirmed with Enter: a click on an option while the dropdown slides in can be lost.
  const target = dialog.getByRole('combobox', { name: 'Choose a list' });
  await target.fill('VIP copies');
  await target.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Apply' })).toBeEnabled();
  const copyRequest = page.waitForRequest((request) => bodyOf(request, '/lists/add-prospect-to-list') !== null);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Copied: ${VIP - 1}`)).toBeVisible();
  const excluded = vips[vips.length - 1];
  const copyBody = (await copyRequest).postDataJSON() as { selection?: { listId: number; excludeIds: number[] }; itemId?: unknown };
  expect(copyBody.selection).toMatchObject({ listId: list.id, excludeIds: [excluded] });
  expect(copyBody).not.toHaveProperty('itemId');

  await filters.click();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText(`Total: ${VIP + 2}`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Email status' }).click();
  await pickOption(page, 'No email');
  await expect(page.getByText('Total: 1')).toBeVisible();
  await expect(page.getByRole('link', { name: 'No Mail Person' })).toBeVisible();

  // All contacts is no list to move out of: no Move there.
  await page.getByRole('navigation', { name: 'Prospect lists' }).getByText('All contacts', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All contacts' })).toBeVisible();
  await page.getByRole('row').filter({ has: page.getByRole('link', { name: `Vip ${MORE_VIP}`, exact: true }) }).getByRole('checkbox').check();
  await expect(toolbar.getByRole('button')).toHaveText(['Clear selection', 'Copy to list', 'Tag', 'Delete', 'Verify emails', 'Export CSV']);
  await toolbar.getByRole('button', { name: 'Clear selection' }).click();

  await openList(page, 'VIP copies');
  await expect(page.getByText(`Total: ${VIP - 1}`)).toBeVisible();
  const copied = await api.call<{ contacts: { id: number }[] }>('POST', '/prospects/list-prospects', { listId: copies.id, perPage: 500 });
  expect(copied.contacts.map((row) => row.id).sort((a, b) => a - b)).toEqual(vips.filter((id) => id !== excluded).sort((a, b) => a - b));

  // Verifying "all matching" queues the whole selection in one call, then follows the page's rows by id.
  const queued = page.waitForRequest((request) => Boolean(bodyOf(request, '/prospects/updateCheckEmails')?.selection));
  const followed = page.waitForRequest((request) => Boolean(bodyOf(request, '/prospects/updateCheckEmails')?.ids));
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: `Select all matching (${VIP - 1})` }).click();
  await toolbar.getByRole('button', { name: 'Verify emails' }).click();
  await expect(page.getByText(`Verification started for ${VIP - 1}`)).toBeVisible();
  expect((await queued).postDataJSON()).toMatchObject({ selection: { listId: copies.id, excludeIds: [] } });
  expect(((await followed).postDataJSON() as { ids: number[] }).ids).toHaveLength(PAGE);

  // Deleting "all matching" takes every one out of the list, after a confirmation naming how many.
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: `Select all matching (${VIP - 1})` }).click();
  await toolbar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: `Delete the selected prospects (${VIP - 1})?` });
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`Deleted: ${VIP - 1}`)).toBeVisible();
  // The selection is over once acted on.
  await expect(toolbar).toHaveCount(0);
  await expect(page.getByText('No prospects here yet')).toBeVisible();
  expect(new Set(pageSizes)).toEqual(new Set([PAGE]));
  await api.dispose();
});
