import { expect, signIn, test } from '../../support/fixtures';
import { pick } from './linkedin-world';

// A new user connects an account on the offline sandbox network (the default SOCIAL_NETWORK_PROVIDER)
// by e-mail and password. The sandbox asks for a two-factor code when the address's local part
// holds `+2fa` (api/src/engines/social/sandbox/session.ts) and answers the code it "sent" as
// `sandboxCode`, which the screen shows labelled as the sandbox code: the user reads it there.
const MEMBER_EMAIL = 'ada+2fa@sandbox-network.test';

test('a new user connects a sandbox account that asks for a two-factor code, enters it and sees it active', async ({ page, user }) => {
  await signIn(page, user);
  // The campaigns area's old address leads to the page under /account.
  await page.goto('/campaigns/linkedin-accounts');
  await expect(page).toHaveURL(/\/account\/linkedin-accounts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'LinkedIn accounts' })).toBeVisible();
  await expect(page.getByTestId('sandbox-banner')).toContainText('Sandbox network — not LinkedIn');
  await expect(page.getByText('No LinkedIn account connected yet')).toBeVisible();
  await expect(page.getByTestId('slots')).toHaveText(/LinkedIn slots in use: 0 of \d+/);

  await page.getByRole('button', { name: 'Connect an account' }).first().click();
  const wizard = page.getByRole('dialog', { name: 'Connect a LinkedIn account' });
  await wizard.getByRole('radio', { name: 'E-mail and password' }).check();
  await wizard.getByLabel('LinkedIn e-mail', { exact: true }).fill(MEMBER_EMAIL);
  await wizard.getByLabel('LinkedIn password', { exact: true }).fill('a sandbox password');
  await wizard.getByLabel('Name in Leadforge', { exact: true }).fill('Ada — outreach');
  await wizard.getByRole('button', { name: 'Continue' }).click();

  await pick(page, 'Country', 'Germany');
  await expect(wizard.getByRole('switch', { name: 'Warm up the account' })).toBeChecked();
  await wizard.getByRole('button', { name: 'Connect', exact: true }).click();

  // The network asks for the two-factor code (by SMS first); the sandbox shows the one it "sent".
  await expect(wizard.getByText('LinkedIn asks for the two-factor code. Delivery method: SMS.')).toBeVisible();
  const shown = wizard.getByTestId('sandbox-code');
  await expect(shown).toContainText('Sandbox code');
  const code = (await shown.locator('code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);

  // A wrong code is refused on the field, and the account keeps waiting for the right one.
  const wrong = code === '000000' ? '111111' : '000000';
  await wizard.getByRole('textbox', { name: 'OTP Input 1' }).click();
  await page.keyboard.type(wrong);
  await wizard.getByRole('button', { name: 'Confirm' }).click();
  await expect(wizard.getByText('This code is not the one LinkedIn sent. Check it, or ask for a new one.')).toBeVisible();

  // Backspace clears a cell and steps back, so the wrong code is erased from its last digit on.
  await wizard.getByRole('textbox', { name: 'OTP Input 6' }).click();
  for (let cell = 0; cell < 6; cell += 1) await page.keyboard.press('Backspace');
  for (let cell = 1; cell <= 6; cell += 1) await expect(wizard.getByRole('textbox', { name: `OTP Input ${cell}` })).toHaveValue('');
  await wizard.getByRole('textbox', { name: 'OTP Input 1' }).click();
  await page.keyboard.type(code);
  await wizard.getByRole('button', { name: 'Confirm' }).click();
  await expect(wizard.getByTestId('connect-done')).toContainText('is connected');
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(wizard).toBeHidden();

  const row = page.getByRole('row', { name: /Ada — outreach/ });
  await expect(row.locator('[data-state="active"]')).toHaveText('Active');
  await expect(row.locator('[data-provider="sandbox"]')).toHaveText('Sandbox network');
  await expect(row).toContainText('Built-in proxy · Germany');
  await expect(row.getByTestId('warm-up-day')).toHaveText('Warm-up day 1 of 14');
  await expect(row.getByTestId('pending-invitations')).toHaveText('0 of 100');
  await expect(page.getByTestId('slots')).toHaveText(/LinkedIn slots in use: 1 of \d+/);

  // What the screen shows is what the API holds: a reload shows the same active account.
  await page.reload();
  await expect(page.getByRole('row', { name: /Ada — outreach/ }).locator('[data-state="active"]')).toHaveText('Active');
});
