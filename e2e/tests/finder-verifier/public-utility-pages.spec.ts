import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request } from '@playwright/test';
import { E2E_DATA_DIR } from '../../support/env';
import { expect, test } from '../../support/fixtures';
import { addProspect, apiAs, createList } from '../prospects/prospects-world';

const bodyOf = (request: Request) => request.postDataJSON() as unknown;

test('records why an extension was removed, asking for a reason first, and thanks the visitor', async ({ page }) => {
  await page.goto('/uninstall/email-finder');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Choose a reason')).toBeVisible();

  await page.getByLabel('It did not work').check();
  await page.getByLabel(/Anything else/).fill('  crashed on open  ');
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/uninstall' && request.method() === 'POST');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you')).toBeVisible();
  expect(bodyOf(await sent)).toEqual({ product: 'email-finder', reason: 'not_working', comment: 'crashed on open' });
});

test('says so when a clear-from-list link is unknown or expired, and offers to look the address up', async ({ page }) => {
  await page.goto('/clear-email/no-such-key');
  await expect(page.getByText('We do not keep this address in any list.')).toBeVisible();
  await expect(page.getByLabel('Your email address')).toBeVisible();
});

/** The link of the newest mail to `address` in the server's outbox (no SMTP server in the journeys). */
async function mailedClearLink(address: string): Promise<string | null> {
  const outbox = join(E2E_DATA_DIR, 'outbox');
  const files = await readdir(outbox).catch(() => [] as string[]);
  for (const file of files.sort().reverse()) {
    // Quoted-printable: soft line breaks and encoded "=" undone before the link is read.
    const text = (await readFile(join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (!text.includes(address)) continue;
    const link = /\/clear-email\/([A-Za-z0-9_%.-]+)/.exec(text);
    if (link) return link[1]!;
  }
  return null;
}

test('the owner of an address gets a link by mail, sees where it is kept and removes it from every list', async ({
  page,
  user,
  playwright,
}) => {
  const address = `owner-${randomUUID().slice(0, 8)}@example.com`;
  const api = await apiAs(playwright, user);
  const list = await createList(api, 'Kept here');
  await addProspect(api, list.id, { name: 'Owner Person', email: address });

  // Signed out, as the owner of the address is.
  await page.goto('/clear-email');
  await page.getByLabel('Your email address').fill(address);
  await page.getByRole('button', { name: 'Look it up' }).click();
  let key: string | null = null;
  await expect.poll(async () => (key = await mailedClearLink(address)), { timeout: 30_000 }).not.toBeNull();

  await page.goto(`/clear-email/${key}`);
  await expect(page.getByText(`${address} is kept in 1 lists.`)).toBeVisible();
  await page.getByRole('button', { name: 'Remove me from every list' }).click();
  await expect(page.getByText('Your address was removed from 1 lists.')).toBeVisible();

  const kept = await api.call<{ contacts: { emails: { email: string }[] }[] }>('POST', '/prospects/list-prospects', {
    listId: list.id,
  });
  expect(kept.contacts.flatMap((row) => row.emails.map((email) => email.email))).not.toContain(address);
  await api.dispose();
});
