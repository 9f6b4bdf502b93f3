import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList, openList } from './prospects-world';

test('finds duplicates by email and shows them on the prospect', async ({ page, user, playwright }) => {
  const api = await apiAs(playwright, user);
  const first = await createList(api, 'Fair leads');
  const second = await createList(api, 'Webinar leads');
  await addProspect(api, first.id, { name: 'Alan Turing', email: 'alan@example.com' });
  await addProspect(api, second.id, { name: 'A. M. Turing', email: 'ALAN@example.com' });
  await addProspect(api, second.id, { name: 'Someone Else', email: 'else@example.com' });
  await api.dispose();

  await signIn(page, user, '/prospects/all');
  await openList(page, 'Webinar leads');
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('switch', { name: 'Only duplicates' }).click();
  await expect(page.getByText('Total: 1')).toBeVisible();
  // The filters panel lies over the table: close it, as a user would, before opening a prospect
  // (case-sensitive, so the panel's "Clear filters" button does not match).
  await page.getByRole('button', { name: /Filters$/ }).click();
  await expect(page.getByRole('switch', { name: 'Only duplicates' })).toBeHidden();
  await page.getByRole('link', { name: 'A. M. Turing' }).click();
  const drawer = page.getByRole('dialog', { name: 'Prospect' });
  await expect(drawer.getByRole('heading', { name: 'Possible duplicates' })).toBeVisible();
  await expect(drawer.getByText('Alan Turing')).toBeVisible();
  await expect(drawer.getByText('Same email')).toBeVisible();
});
