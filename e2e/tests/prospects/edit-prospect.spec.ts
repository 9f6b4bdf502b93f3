import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList, openList } from './prospects-world';

test('edits a prospect: an invalid company shows its error, the fix saves, a note is added and pinned', async ({ page, user, playwright }) => {
  const api = await apiAs(playwright, user);
  const list = await createList(api, 'Editing');
  await addProspect(api, list.id, { name: 'Grace Hopper', email: 'grace@example.com' });
  await api.dispose();

  await signIn(page, user, '/prospects/all');
  await openList(page, 'Editing');
  await page.getByRole('link', { name: 'Grace Hopper' }).click();
  const drawer = page.getByRole('dialog', { name: 'Prospect' });
  await expect(drawer.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();

  // A name is required: nothing is saved without one.
  const name = drawer.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('Correct the marked fields, then save again.')).toBeVisible();
  await name.fill('Grace Hopper');

  // A company with a website but no name is refused, on the field.
  await drawer.getByRole('button', { name: 'Add company' }).click();
  await drawer.getByLabel('Website 1').fill('navy.example');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('Enter the company name.')).toBeVisible();

  await drawer.getByLabel('Company 1').fill('US Navy');
  await drawer.getByLabel('Position 1').fill('Rear Admiral');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Prospect saved')).toBeVisible();
  await drawer.getByRole('tab', { name: 'Related companies' }).click();
  await expect(drawer.getByText('US Navy')).toBeVisible();

  await drawer.getByRole('tab', { name: 'Notes' }).click();
  await drawer.getByLabel('Write a note').fill('Met at the compiler conference');
  await drawer.getByRole('button', { name: 'Add note' }).click();
  const note = drawer.getByText('Met at the compiler conference');
  await expect(note).toBeVisible();
  await drawer.getByRole('button', { name: 'Pin', exact: false }).first().click();
  await expect(drawer.getByText('Pinned 1 of 5')).toBeVisible();
});
