import { randomUUID } from 'node:crypto';
import { expect, test } from '../../support/fixtures';
import { apiSession } from './api-session';

test('a team link opened by a newcomer is kept through sign-in pages and joins the team on registration', async ({ page, user: lead }) => {
  const session = await apiSession(lead);
  const { joinCode } = (await session.post('/team/join-code')) as { joinCode: string };
  await session.dispose();

  await page.goto(`/team/check-code/${joinCode}`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Create one' }).click();
  await expect(page).toHaveURL(/\/register/);
  await expect(page.getByLabel('Team invitation code')).toHaveValue(joinCode);

  await page.getByLabel('Name').fill('Dorothy Vaughan');
  await page.getByLabel('Email').fill(`dv-${randomUUID().slice(0, 8)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('fortran for everyone');
  const registered = page.waitForRequest((request) => new URL(request.url()).pathname === '/auth/register');
  await page.getByRole('button', { name: 'Create the account' }).click();
  expect((await registered).postDataJSON()).toMatchObject({ name: 'Dorothy Vaughan', teamCode: joinCode });
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Welcome, Dorothy Vaughan!')).toBeVisible();
});
