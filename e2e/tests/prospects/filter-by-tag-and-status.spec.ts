import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList, openList, pickOption } from './prospects-world';

/** Tagged prospects besides Ada: with her, more than the 50 rows of one page of the table. */
const MORE_VIP = 53;
const VIP = MORE_VIP + 1;

test('filters a list by tag and by email status, and acts on every matching prospect', async ({ page, user, playwright }) => {
  test.setTimeout(180_000);
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
  await signIn(page, user);
  await page.goto('/prospects/all');
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
  await expect(page.getByText('Selected: 50')).toBeVisible();
  await page.getByRole('button', { name: `Select all matching (${VIP})` }).click();
  await expect(page.getByText(`Selected: ${VIP}`)).toBeVisible();
  const unticked = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Vip ${MORE_VIP}`, exact: true }) });
  await unticked.getByRole('checkbox').uncheck();
  await expect(page.getByText(`Selected: ${VIP - 1}`)).toBeVisible();
  await page.getByRole('toolbar', { name: 'Actions on the selection' }).getByRole('button', { name: 'Copy to list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy to list' });
  // Typed and confirmed with Enter: a click on an option while the dropdown slides in can be lost.
  const target = dialog.getByRole('combobox', { name: 'Choose a list' });
  await target.fill('VIP copies');
  await target.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Apply' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Copied: ${VIP - 1}`)).toBeVisible();

  await filters.click();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText(`Total: ${VIP + 2}`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Email status' }).click();
  await pickOption(page, 'No email');
  await expect(page.getByText('Total: 1')).toBeVisible();
  await expect(page.getByRole('link', { name: 'No Mail Person' })).toBeVisible();

  await openList(page, 'VIP copies');
  await expect(page.getByText(`Total: ${VIP - 1}`)).toBeVisible();
  const copied = await api.call<{ contacts: { id: number }[] }>('POST', '/prospects/list-prospects', { listId: copies.id, perPage: 500 });
  const excluded = vips[vips.length - 1];
  expect(copied.contacts.map((row) => row.id).sort((a, b) => a - b)).toEqual(vips.filter((id) => id !== excluded).sort((a, b) => a - b));
  await api.dispose();
});
