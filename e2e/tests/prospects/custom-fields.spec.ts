import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList, openList } from './prospects-world';

test('adds a custom field group with a field and gives a prospect a value', async ({ page, user, playwright }) => {
  const api = await apiAs(playwright, user);
  const list = await createList(api, 'Custom');
  await addProspect(api, list.id, { name: 'Katherine Johnson', email: 'katherine@example.com' });
  await api.dispose();

  await signIn(page, user, '/prospects/all');
  await openList(page, 'Custom');
  await page.getByRole('button', { name: 'Custom fields' }).click();
  const panel = page.getByRole('dialog', { name: 'Custom fields' });
  await panel.getByLabel('Group name').fill('Qualification');
  await panel.getByRole('button', { name: 'Add group' }).click();
  await expect(panel.getByText('Qualification')).toBeVisible();
  await panel.getByLabel('Field name').fill('Budget');
  await panel.getByRole('button', { name: 'Add field' }).click();
  await expect(panel.getByText('Budget')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Katherine Johnson' }).click();
  const drawer = page.getByRole('dialog', { name: 'Prospect' });
  await drawer.getByLabel('Qualification · Budget').fill('50000');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Prospect saved')).toBeVisible();
  await drawer.getByRole('tab', { name: 'Custom groups' }).click();
  await expect(drawer.getByText('50000')).toBeVisible();
});
