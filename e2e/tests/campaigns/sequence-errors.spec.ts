import { expect, signIn, test } from '../../support/fixtures';
import { apiAs } from '../prospects/prospects-world';
import { PAGE_LOAD, linkBlocks, saveCampaign } from './campaigns-world';

// The sequence step tells what is wrong with a flowchart where it is wrong: a block connected to
// nothing says so on itself, a loop is marked on the blocks that form it, and both messages go
// once the user relinks the blocks. The campaign is created through the same call the list's
// "New campaign" makes; the sequence is built only on the canvas, with the mouse and keyboard.
test('a user draws a dangling block and a loop, sees each marked on the canvas, fixes both and the sequence is saved', async ({ page, playwright, user }) => {
  // A remote build's first load and a few saves on a shared machine.
  test.setTimeout(120_000);
  const api = await apiAs(playwright, user);
  const campaignId = await saveCampaign(api, { title: 'Loop hunting' });
  await api.dispose();

  await signIn(page, user, `/campaigns/create/sequence?id=${campaignId}`);
  const canvas = page.getByTestId('sequence-step');
  const drawer = page.locator('.ant-drawer-open');
  const block = (id: string) => canvas.getByTestId(`block-${id}`);
  const closeDrawer = async () => {
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toHaveCount(0);
  };
  const writeEmail = async (id: string, subject: string, text: string) => {
    await drawer.getByPlaceholder('Subject line').fill(subject);
    await drawer.locator('[contenteditable="true"]').click();
    await page.keyboard.type(text);
    await closeDrawer();
    await expect(block(id)).toContainText(subject);
  };

  // The new campaign opens with the start and one email; the email gets its text, then a delay
  // is added below it.
  await block('email-1').click();
  await writeEmail('email-1', 'Hello {{firstName}}', 'A first note.');
  await canvas.getByRole('button', { name: 'Add a Delay block' }).click();
  await expect(block('delay-2')).toBeAttached();
  await drawer.getByLabel('Waiting time').fill('2');
  await closeDrawer();

  // An email dropped on the canvas is connected to nothing: the block itself says so.
  const region = canvas.getByRole('region', { name: 'Sequence canvas' });
  await canvas.getByRole('button', { name: 'Add a Email block' }).dragTo(region, { targetPosition: { x: 40, y: 60 } });
  await expect(block('email-3')).toContainText('Unconnected step');
  await expect(block('email-3')).toHaveAttribute('aria-invalid', 'true');
  await writeEmail('email-3', 'Still there?', 'A second note.');
  await expect(block('email-3')).toContainText('Unconnected step');
  await expect(canvas.getByText('Blocks that need attention: 1')).toBeVisible();

  // The delay's output led back to the first email: a loop, marked on both of its blocks.
  await canvas.getByRole('button', { name: 'Auto-layout' }).click();
  await linkBlocks(page, canvas, 'delay-2', 'next', 'email-1');
  await expect(block('email-1')).toContainText('Loop in the sequence');
  await expect(block('delay-2')).toContainText('Loop in the sequence');
  await expect(canvas.getByText('Loop in the sequence')).toHaveCount(2);
  await expect(canvas.getByText('Blocks that need attention: 3')).toBeVisible();
  // The draft is saved as drawn (a draft may be invalid); the checks keep it from launching.
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');

  // The user selects the looping link from the keyboard and deletes it.
  const loop = canvas.getByRole('group', { name: 'Edge from delay-2 to email-1' });
  await loop.focus();
  await page.keyboard.press('Enter');
  await expect(loop).toHaveClass(/selected/);
  await page.keyboard.press('Delete');
  await expect(loop).toHaveCount(0);
  await expect(canvas.getByText('Loop in the sequence')).toHaveCount(0);
  await expect(block('email-3')).toContainText('Unconnected step');

  // Linked below the delay, the dropped email is part of the sequence: nothing left to fix.
  await linkBlocks(page, canvas, 'delay-2', 'next', 'email-3');
  await expect(block('email-3')).not.toContainText('Unconnected step');
  await expect(canvas.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(canvas.getByText('The sequence is ready to launch.')).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');

  // Saved on the server: a reload draws the same sequence, with nothing to fix.
  await page.reload();
  await expect(block('email-3')).toContainText('Still there?', PAGE_LOAD);
  await expect(canvas.getByRole('group', { name: 'Edge from delay-2 to email-3' })).toBeAttached();
  await expect(canvas.getByRole('group', { name: 'Edge from delay-2 to email-1' })).toHaveCount(0);
  await expect(canvas.getByText('The sequence is ready to launch.')).toBeVisible();
});
