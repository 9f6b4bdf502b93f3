import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList, openList, pickOption } from './prospects-world';

test('filters a list by tag and by email status', async ({ page, user, playwright }) => {
  const api = await apiAs(playwright, user);
  const list = await createList(api, 'Filtered');
  const ada = await addProspect(api, list.id, { name: 'Ada Lovelace', email: 'ada@example.com' });
  await addProspect(api, list.id, { name: 'Charles Babbage', email: 'charles@example.com' });
  await addProspect(api, list.id, { name: 'No Mail Person' });
  await api.call('POST', '/prospect-tags/save', { tags: ['vip'], prospects: [ada.id] });
  await api.dispose();

  await signIn(page, user);
  await page.goto('/prospects/all');
  await openList(page, 'Filtered');
  await expect(page.getByText('Total: 3')).toBeVisible();

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('combobox', { name: 'Tags', exact: true }).click();
  await pickOption(page, 'vip');
  await expect(page.getByText('Total: 1')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('Total: 3')).toBeVisible();
  await page.getByRole('combobox', { name: 'Email status' }).click();
  await pickOption(page, 'No email');
  await expect(page.getByText('Total: 1')).toBeVisible();
  await expect(page.getByRole('link', { name: 'No Mail Person' })).toBeVisible();
});
