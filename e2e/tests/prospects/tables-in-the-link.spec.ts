import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList, openList, pickOption } from './prospects-world';

/** More than the 50 rows of one page of the table. */
const PEOPLE = 52;

test('the prospects table keeps its page and filter in the link: a reload or a shared link shows the same rows', async ({
  page,
  user,
  playwright,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs(playwright, user);
  const list = await createList(api, 'Linked');
  // Newest first: Person 1, added first, is the last row, on page 2.
  for (let n = 1; n <= PEOPLE; n += 1) await addProspect(api, list.id, { name: `Person ${n}`, email: `person-${n}@example.com` });
  await addProspect(api, list.id, { name: 'No Mail Person' });
  await api.dispose();

  await signIn(page, user, '/prospects/all');
  await openList(page, 'Linked');
  await expect(page).toHaveURL(new RegExp(`/prospects/list/${list.id}$`));
  await page.getByTitle('2', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Person 1', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=2/);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Person 1', exact: true })).toBeVisible();

  // A filter starts again at page 1 and is kept in the link too.
  await page.getByRole('button', { name: /\bFilters$/ }).click();
  await page.getByRole('combobox', { name: 'Email status' }).click();
  await pickOption(page, 'No email');
  await expect(page.getByText('Total: 1')).toBeVisible();
  await expect(page).toHaveURL(/[?&]status=no_email/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  const link = page.url();

  // The same link in another tab shows the same filtered table.
  const other = await page.context().newPage();
  await other.goto(link);
  await expect(other.getByText('Total: 1')).toBeVisible();
  await expect(other.getByRole('link', { name: 'No Mail Person' })).toBeVisible();
  await other.close();

  // Another list opens unfiltered, on its first page.
  await page.getByRole('navigation', { name: 'Prospect lists' }).getByText('All contacts', { exact: true }).click();
  await expect(page).toHaveURL(/\/prospects\/all$/);
  await expect(page.getByText(`Total: ${PEOPLE + 1}`)).toBeVisible();
});

test('the company list opened and the database search run are kept in the link', async ({ page, user, playwright }) => {
  const api = await apiAs(playwright, user);
  await api.call('POST', '/lists/add', { type: 'company', name: 'Fintech targets' });
  const leads = await createList(api, 'Search source');
  await addProspect(api, leads.id, { name: 'Hedy Lamarr', email: 'hedy@example.com' });
  await api.dispose();

  await signIn(page, user, '/prospects/companies');
  await page.getByRole('navigation', { name: 'Company lists' }).getByText('Fintech targets').click();
  await expect(page.getByRole('heading', { level: 4, name: 'Fintech targets' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]list=\d+/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 4, name: 'Fintech targets' })).toBeVisible();

  await page.goto('/prospects/search');
  await page.getByLabel('Prospect name').fill('Hedy');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('search-results').getByText('Results: 1')).toBeVisible();
  await expect(page).toHaveURL(/[?&]prospect_name=Hedy/);
  await page.reload();
  await expect(page.getByTestId('search-results').getByText('Results: 1')).toBeVisible();
  await expect(page.getByLabel('Prospect name')).toHaveValue('Hedy');
});
