import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList, pickOption } from './prospects-world';

test('searches every prospect globally, refusing a one-character name, and adds a result to a list', async ({ page, user, playwright }) => {
  const api = await apiAs(playwright, user);
  const leads = await createList(api, 'Search source');
  await createList(api, 'Shortlist');
  await addProspect(api, leads.id, { name: 'Hedy Lamarr', email: 'hedy@example.com', company: 'Frequency Hopping' });
  await addProspect(api, leads.id, { name: 'Barbara Liskov', email: 'barbara@example.com' });
  await api.dispose();

  await signIn(page, user, '/prospects/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Database search' })).toBeVisible();
  await page.getByLabel('Prospect name').fill('H');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Enter more characters to filter.')).toBeVisible();

  await page.getByLabel('Prospect name').fill('Hedy');
  await page.getByRole('button', { name: 'Search' }).click();
  // The last searches list their own counts; this is the count of the search just run.
  await expect(page.getByTestId('search-results').getByText('Results: 1')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Hedy Lamarr' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Choose a list' }).click();
  await pickOption(page, 'Shortlist');
  await page.getByRole('button', { name: 'Add all results to the list' }).click();
  await expect(page.getByText('Added to the list: 1')).toBeVisible();
  // The search is remembered.
  await page.reload();
  await expect(page.getByText(/Prospect name: Hedy/)).toBeVisible();
});
