import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../../support/fixtures';
import { apiAs } from '../prospects/prospects-world';
import { PAGE_LOAD } from './campaigns-world';

/**
 * Picks an option of an antd select by its label, typing to search first when asked (long lists
 * such as time zones render only the options in view); retried past the dropdown's animation.
 */
async function pick(page: Page, label: string, option: string, search?: string) {
  const select = page.getByLabel(label, { exact: true });
  await expect(async () => {
    await select.click();
    if (search) await select.fill(search);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 2_000 });
    await expect(page.locator('.ant-select').filter({ has: select })).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

// A new user's library: a category and a template in it, a save refused while the body is empty,
// an edit, a deletion; then a sending schedule. Everything through the screens against the real API.
test('a new user files a template under a category, is told an empty body cannot be saved, edits and deletes it', async ({ page, user }) => {
  await signIn(page, user, '/campaigns/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  await expect(page.getByText('No templates yet')).toBeVisible();

  // A category first.
  const categories = page.getByRole('navigation', { name: 'Categories' });
  await categories.getByRole('button', { name: 'Add' }).click();
  const categoryDialog = page.getByRole('dialog', { name: 'New category' });
  await categoryDialog.getByLabel('Category name').fill('Follow-ups');
  await categoryDialog.getByRole('button', { name: 'Save' }).click();
  await expect(categoryDialog).toBeHidden();
  await expect(categories.getByRole('button', { name: 'Follow-ups', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // A template in it; with the body left empty, saving is refused and says why.
  await page.getByRole('button', { name: 'New template' }).first().click();
  const editor = page.getByRole('dialog', { name: 'New template' });
  await editor.getByLabel('Template name').fill('Gentle nudge');
  // Opened from the category, the template starts in it.
  await expect(editor.getByText('Follow-ups', { exact: true })).toBeVisible();
  await editor.getByLabel('Subject').fill('Any news, {{firstName}}?');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('alert')).toContainText('Template is empty');
  await expect(editor.getByText('Fill in both the subject and the body to save the template.')).toBeVisible();

  const body = editor.getByRole('textbox', { name: 'Body' });
  await body.click();
  await page.keyboard.type('Just checking in on my last note.');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();

  const row = page.getByRole('row', { name: /Gentle nudge/ });
  await expect(row).toContainText('Any news, {{firstName}}?');
  await expect(row).toContainText('Follow-ups');
  await expect(categories.getByRole('button', { name: 'Follow-ups', exact: true })).toContainText('1');

  // Edit: a new name and plain-text mode.
  await row.getByRole('button', { name: 'Edit Gentle nudge' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit “Gentle nudge”' });
  await expect(edit.getByRole('textbox', { name: 'Body' })).toContainText('Just checking in on my last note.');
  await edit.getByLabel('Template name').fill('Second nudge');
  await edit.getByRole('switch', { name: 'Plain text' }).click();
  await expect(edit.getByLabel('Body')).toHaveValue('Just checking in on my last note.');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const edited = page.getByRole('row', { name: /Second nudge/ });
  await expect(edited).toContainText('Plain text');

  // What the screen shows is what the API holds.
  await page.reload();
  await expect(page.getByRole('row', { name: /Second nudge/ })).toContainText('Follow-ups');

  // Delete, confirmed.
  await page.getByRole('row', { name: /Second nudge/ }).getByRole('button', { name: 'Delete Second nudge' }).click();
  await expect(page.getByText('Emails already made from it keep their text.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('row', { name: /Second nudge/ })).toHaveCount(0);
  // After the reload the list shows every template again: none is left.
  await expect(page.getByText('No templates yet')).toBeVisible();

  // The category goes too, once confirmed.
  await categories.getByRole('button', { name: 'Delete category Follow-ups' }).click();
  await expect(page.getByText('Delete category “Follow-ups”?')).toBeVisible();
  await expect(page.getByText('Its templates are kept, without a category.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(categories.getByRole('button', { name: 'Follow-ups', exact: true })).toHaveCount(0);
  await page.reload();
  await expect(categories.getByRole('button', { name: 'Follow-ups', exact: true })).toHaveCount(0);
});

test('a new user creates a sending schedule and sees it listed with its days and hours', async ({ page, user }) => {
  await signIn(page, user, '/campaigns/schedules');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedules' })).toBeVisible();
  await expect(page.getByText('No schedules yet')).toBeVisible();

  await page.getByRole('button', { name: 'New schedule' }).first().click();
  const editor = page.getByRole('dialog', { name: 'New schedule' });
  await editor.getByLabel('Schedule name').fill('Berlin office');
  await pick(page, 'Time zone', 'Europe/Berlin', 'Berlin');

  // Turning every day off is refused with its reason.
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await editor.getByRole('switch', { name: `Send on ${day}` }).click();
  }
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('alert')).toContainText('Turn on at least one day of the week for this schedule.');

  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await editor.getByRole('switch', { name: `Send on ${day}` }).click();
  }
  await pick(page, 'Friday until', '1:00 PM');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();

  const row = page.getByRole('row', { name: /Berlin office/ });
  await expect(row).toContainText('Europe/Berlin');
  await expect(row).toContainText('Mon–Thu 9:00 AM–5:00 PM');
  await expect(row).toContainText('Fri 9:00 AM–1:00 PM');
  await expect(row).toContainText('Not used');

  await page.reload();
  await expect(page.getByRole('row', { name: /Berlin office/ })).toContainText('Fri 9:00 AM–1:00 PM');
});

// The library in the sequence editor: an email filled from a template, and an email written in
// the sequence kept as a template. The template picked is seeded through the library's own call
// (the library screen has its journey above); the campaign through the list's "New campaign" call.
test('a user fills an email of the sequence from a template and saves another email as a template', async ({ page, playwright, user }) => {
  // A remote build's first load and a few saves on a shared machine.
  test.setTimeout(120_000);
  const api = await apiAs(playwright, user);
  await api.call('POST', '/templates/add', {
    templateName: 'Warm intro',
    templateData: { subject: 'A quick idea for {{companyName}}', body: '<p>Hi {{firstName}}, one idea for your team.</p>' },
  });
  const { campaign } = await api.call<{ campaign: { campaignId: number } }>('POST', '/pipelines/api/campaign/save', { title: 'Library at work' });
  await api.dispose();

  await signIn(page, user, `/campaigns/create/sequence?id=${campaign.campaignId}`);
  const canvas = page.getByTestId('sequence-step');
  const drawer = page.locator('.ant-drawer-open');
  const closeDrawer = async () => {
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toHaveCount(0);
  };

  // The first email, empty, is filled from the template: subject and body.
  await canvas.getByTestId('block-email-1').click();
  await drawer.getByRole('button', { name: 'Insert a template' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a template' });
  await expect(picker).toContainText('A quick idea for {{companyName}}');
  await picker.getByRole('button', { name: 'Use Warm intro' }).click();
  await expect(picker).toBeHidden();
  await expect(drawer.getByPlaceholder('Subject line')).toHaveValue('A quick idea for {{companyName}}');
  await expect(drawer.locator('[contenteditable="true"]')).toHaveText('Hi {{firstName}}, one idea for your team.');
  await closeDrawer();
  await expect(canvas.getByTestId('block-email-1')).toContainText('A quick idea for {{companyName}}');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');

  // A follow-up written here is kept as a template (named after its subject unless renamed).
  await canvas.getByRole('button', { name: 'Add a Email block' }).click();
  await expect(canvas.getByTestId('block-email-2')).toBeAttached();
  await drawer.getByPlaceholder('Subject line').fill('Following up, {{firstName}}');
  await drawer.locator('[contenteditable="true"]').click();
  await page.keyboard.type('Did my last note reach you?');
  await drawer.getByRole('button', { name: 'Save as template' }).click();
  const saveAs = page.getByRole('dialog', { name: 'Save as template' });
  await expect(saveAs.getByLabel('Template name')).toHaveValue('Following up, {{firstName}}');
  await saveAs.getByLabel('Template name').fill('Polite follow-up');
  await saveAs.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template “Polite follow-up” saved')).toBeVisible();
  await expect(saveAs).toBeHidden();
  await closeDrawer();

  // It is in the library, with the text written in the sequence.
  await page.goto('/campaigns/templates');
  const row = page.getByRole('row', { name: /Polite follow-up/ });
  await expect(row).toContainText('Following up, {{firstName}}', PAGE_LOAD);
  await row.getByRole('button', { name: 'Edit Polite follow-up' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit “Polite follow-up”' }).getByRole('textbox', { name: 'Body' })).toContainText('Did my last note reach you?');
});
