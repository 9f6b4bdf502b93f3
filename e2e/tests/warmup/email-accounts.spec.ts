import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startSmtpSubmissionPeer, type SmtpSubmissionPeer } from '../../../api/src/modules/email-accounts/test-peers';
import { startImapPeer, type ImapPeer } from '../../../api/src/test-support/imap-peer';
import { expect, signIn, test } from '../../support/fixtures';

// A mailbox on real servers on loopback, started by this file: an SMTP submission server that
// checks passwords (smtp-server, as the API's tests use) and Dovecot for IMAP. The e2e API may
// reach them because start-server.mjs sets MAIL_ALLOW_PRIVATE to loopback.
const MAILBOX = 'ada@mailbox.test';
const PASSWORD = 'Mailbox-App-Password-71';

type Tree = { [key: string]: Tree | string };
type Texts = { pages: Record<string, { title: string }>; setup: Tree };
const textsIn = (locale: 'en' | 'uk') =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'remotes', 'warmup', 'src', 'locales', `${locale}.json`), 'utf8')) as Texts;
const errorsIn = (locale: 'en' | 'uk') =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'shared', 'i18n', 'locales', locale, 'errors.json'), 'utf8')) as Record<string, { title: string; description: string }>;
/** A text of the translation tree by its dotted path. */
const text = (tree: Tree, path: string) => path.split('.').reduce<Tree | string>((node, key) => (node as Tree)[key]!, tree) as string;

let smtp: SmtpSubmissionPeer;
let imap: ImapPeer;

test.beforeAll(async () => {
  smtp = await startSmtpSubmissionPeer({ [MAILBOX]: PASSWORD });
  imap = await startImapPeer({ users: { [MAILBOX]: { password: PASSWORD } } });
});

test.afterAll(async () => {
  await imap?.stop();
  await smtp?.close();
});

/**
 * Picks an option of an antd select by its label. antd animates its dropdown open; a click that
 * lands mid-animation can miss, so the pick is retried until the select shows the choice.
 */
async function pick(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true });
  const shown = page.locator('.ant-form-item').filter({ has: select }).locator('.ant-select-content, .ant-select-selection-item');
  await expect(async () => {
    await select.click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).click({ timeout: 2_000 });
    await expect(shown.first()).toHaveText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Step 1 "Other (SMTP + IMAP)", then both servers on loopback without TLS, in the page's language. */
async function fillCustomMailbox(page: Page, locale: 'en' | 'uk', password: string) {
  const t = textsIn(locale).setup;
  await page.getByRole('button', { name: text(t, 'password.custom') }).click();
  await page.getByLabel(text(t, 'form.email'), { exact: true }).fill(MAILBOX);
  await page.getByLabel(text(t, 'form.senderName'), { exact: true }).fill('Ada Lovelace');
  await page.getByLabel(text(t, 'form.smtpHost'), { exact: true }).fill('127.0.0.1');
  await page.getByLabel(text(t, 'form.smtpPort'), { exact: true }).fill(String(smtp.port));
  await pick(page, text(t, 'form.smtpSecurity'), text(t, 'security.none'));
  await page.getByLabel(text(t, 'form.password'), { exact: true }).fill(password);
  await page.getByLabel(text(t, 'form.imapHost'), { exact: true }).fill('127.0.0.1');
  await page.getByLabel(text(t, 'form.imapPort'), { exact: true }).fill(String(imap.port));
  await pick(page, text(t, 'form.imapSecurity'), text(t, 'security.none'));
}

test('a new user connects an SMTP + IMAP mailbox, edits its limit, pauses and resumes it, and deletes it', async ({ page, user }) => {
  const en = textsIn('en');
  await signIn(page, user, '/account/email-accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Email accounts' })).toBeVisible();
  await expect(page.getByText('No mailboxes connected yet')).toBeVisible();

  await page.getByRole('button', { name: 'Connect a mailbox' }).first().click();
  await expect(page).toHaveURL(/\/account\/email-accounts\/setup$/);
  await expect(page.getByRole('heading', { level: 1, name: en.pages.emailAccountSetup!.title })).toBeVisible();
  await fillCustomMailbox(page, 'en', PASSWORD);

  // The test tries every step of both servers and says they passed.
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('connection-ok')).toBeVisible();
  await expect(page.locator('[data-step="smtp:smtp_auth"]')).toHaveAttribute('data-state', 'passed');
  await expect(page.locator('[data-step="imap:imap_select"]')).toHaveAttribute('data-state', 'passed');

  await page.getByRole('button', { name: 'Connect mailbox' }).click();
  await expect(page).toHaveURL(/\/account\/email-accounts$/);
  await expect(page.getByText(`${MAILBOX} connected`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(MAILBOX.replace('.', '\\.')) });
  await expect(row).toContainText('Ada Lovelace');
  await expect(row.locator('[data-status="active"]')).toHaveText('Active');
  await expect(row.getByTestId('sent-today')).toHaveText('0 of 30');
  await expect(row).toContainText('60–120 s');
  await expect(row).toContainText('Any time');

  // The search is the table's state in the address.
  await page.getByRole('searchbox', { name: 'Search by address or sender name' }).fill('lovelace');
  await page.getByRole('searchbox', { name: 'Search by address or sender name' }).press('Enter');
  await expect(page).toHaveURL(/[?&]q=lovelace/);
  await expect(row).toBeVisible();
  await page.goto('/account/email-accounts?q=nobody');
  await expect(page.getByText('No mailbox matches this search')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(page).toHaveURL(/\/account\/email-accounts$/);

  // Edit: a new daily limit shows in the list.
  await row.getByRole('button', { name: 'Edit' }).click();
  const drawer = page.getByRole('dialog', { name: `Settings of ${MAILBOX}` });
  await expect(drawer).toBeVisible();
  await drawer.getByLabel('Daily limit').fill('45');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Settings of ${MAILBOX} saved`)).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(row.getByTestId('sent-today')).toHaveText('0 of 45');

  // Pause and resume.
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row.locator('[data-status="paused"]')).toHaveText('Paused');
  await row.getByRole('button', { name: 'Resume' }).click();
  await expect(row.locator('[data-status="active"]')).toHaveText('Active');

  // Reconnecting reuses the connect form: the saved servers come back, the password never does.
  const listed = (await (await page.request.get('/email-account/list')).json()) as { items: { id: number; email: string }[] };
  const id = listed.items.find((item) => item.email === MAILBOX)!.id;
  await page.goto(`/account/email-accounts/setup?reconnect=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: en.pages.emailAccountReconnect!.title })).toBeVisible();
  await expect(page.getByLabel('Email address', { exact: true })).toHaveValue(MAILBOX);
  await expect(page.getByLabel('Email address', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('SMTP port', { exact: true })).toHaveValue(String(smtp.port));
  await expect(page.getByLabel('IMAP port', { exact: true })).toHaveValue(String(imap.port));
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Save and reconnect' }).click();
  await expect(page.getByText(`${MAILBOX} reconnected`)).toBeVisible();
  await expect(page).toHaveURL(/\/account\/email-accounts$/);

  // Delete, after a confirmation that says what happens to queued mail and running campaigns.
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${MAILBOX}?` });
  await expect(dialog.getByTestId('delete-consequences')).toContainText('No emails are waiting to be sent from this mailbox.');
  await expect(dialog).toContainText('Running campaigns stop using this mailbox');
  await dialog.getByRole('button', { name: 'Delete the mailbox' }).click();
  await expect(page.getByText(`${MAILBOX} deleted`)).toBeVisible();
  await expect(page.getByText('No mailboxes connected yet')).toBeVisible();
});

test('a wrong password names the failing step in the user’s language', async ({ page, user }) => {
  await signIn(page, user);
  const errors = errorsIn('en');
  await page.goto('/account/email-accounts/setup');
  await fillCustomMailbox(page, 'en', 'not-the-password');

  await page.getByRole('button', { name: 'Test connection' }).click();
  const failed = page.getByTestId('connection-failed');
  await expect(failed).toContainText('Failed at Outgoing mail (SMTP): SMTP sign-in');
  await expect(failed).toContainText(errors.mail_smtp_auth_failed!.description);
  await expect(page.locator('[data-step="smtp:tcp"]')).toHaveAttribute('data-state', 'passed');
  await expect(page.locator('[data-step="smtp:smtp_auth"]')).toHaveAttribute('data-state', 'failed');

  // Saving is refused the same way, and the password field is marked.
  await page.getByRole('button', { name: 'Connect mailbox' }).click();
  await expect(page.getByTestId('save-refused')).toContainText(errors.mail_smtp_auth_failed!.title);
  await expect(page.locator('.ant-form-item').filter({ has: page.getByLabel('Password', { exact: true }) })).toContainText(errors.mail_smtp_auth_failed!.title);
  await expect(page).toHaveURL(/\/setup$/);

  // Once more in Ukrainian.
  const uk = textsIn('uk');
  const ukErrors = errorsIn('uk');
  await page.goto('/lang-change/uk?redirect=/account/email-accounts/setup');
  await expect(page.getByRole('heading', { level: 1, name: uk.pages.emailAccountSetup!.title })).toBeVisible();
  await fillCustomMailbox(page, 'uk', 'not-the-password');
  await page.getByRole('button', { name: text(uk.setup, 'form.test') }).click();
  await expect(page.getByTestId('connection-failed')).toContainText(text(uk.setup, 'steps.smtp_auth'));
  await expect(page.getByTestId('connection-failed')).toContainText(ukErrors.mail_smtp_auth_failed!.description);
  await expect(page.locator('[data-step="smtp:smtp_auth"]')).toContainText(text(uk.setup, 'test.state.failed'));
});

test('a mailbox gets its own DKIM key: the TXT record to publish, a DNS check, a refused paste, removal', async ({ page, user }) => {
  // A connection test (SMTP and IMAP) and an RSA key generated on the server on shared CI cores.
  test.setTimeout(120_000);
  const errors = errorsIn('en');
  await signIn(page, user);
  // The mailbox is connected through the API: this journey is about the DKIM section of its settings.
  const { token } = (await (await page.request.get('/auth/csrf', { headers: { accept: 'application/json' } })).json()) as { token: string };
  const created = await page.request.post('/email-account/create', {
    headers: { 'x-csrf-token': token, accept: 'application/json' },
    data: {
      email: MAILBOX,
      smtp: { host: '127.0.0.1', port: smtp.port, security: 'none', password: PASSWORD },
      imap: { host: '127.0.0.1', port: imap.port, security: 'none' },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  await page.goto('/account/email-accounts');
  const row = page.getByRole('row', { name: new RegExp(MAILBOX.replace('.', '\\.')) });
  const drawer = page.getByRole('dialog', { name: `Settings of ${MAILBOX}` });

  // A generated key shows the TXT record to publish, and is still there when the drawer opens again.
  await row.getByRole('button', { name: 'Edit' }).click();
  const dkim = drawer.getByTestId('dkim-section');
  await expect(dkim.getByTestId('dkim-status')).toHaveText('Not set');
  await expect(dkim.getByLabel('Selector')).toHaveValue('lf1');
  await dkim.getByRole('button', { name: 'Generate the key' }).click();
  await expect(page.getByText(`A DKIM key was generated for ${MAILBOX}`)).toBeVisible();
  await expect(dkim.getByTestId('dkim-status')).toHaveText('Set, DNS not verified');
  await expect(dkim.getByTestId('dkim-record-name')).toHaveText('lf1._domainkey.mailbox.test');
  await expect(dkim.getByTestId('dkim-record-value')).toHaveText(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{300,}=*$/);
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer).toBeHidden();
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(dkim.getByTestId('dkim-status')).toHaveText('Set, DNS not verified');
  await expect(dkim.getByTestId('dkim-record-name')).toHaveText('lf1._domainkey.mailbox.test');

  // The DNS check (the e2e API's DNS server has no such record) says it is not published; a pasted
  // text that is no key is refused under its field, the generated key kept; removing it unsets it.
  await dkim.getByRole('button', { name: 'Check DNS' }).click();
  await expect(dkim.getByTestId('dkim-check')).toContainText('The record is not verified yet');
  await expect(dkim.getByTestId('dkim-check')).toContainText(errors.dkim_record_missing!.description);

  await dkim.getByRole('button', { name: 'Replace the key' }).click();
  await dkim.getByText('Use my own key').click();
  await dkim.getByLabel('Private key (PEM)').fill('-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----');
  await dkim.getByRole('button', { name: 'Save the key' }).click();
  await expect(dkim.getByTestId('dkim-key-help')).toHaveText(errors.dkim_key_invalid!.description);
  await expect(dkim.getByLabel('Private key (PEM)')).toHaveAttribute('aria-invalid', 'true');
  await expect(dkim.getByTestId('dkim-status')).toHaveText('Set, DNS not verified');
  await dkim.getByRole('button', { name: 'Cancel' }).click();

  await dkim.getByRole('button', { name: 'Remove the key' }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText(`The DKIM key of ${MAILBOX} was removed`)).toBeVisible();
  await expect(dkim.getByTestId('dkim-status')).toHaveText('Not set');
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer).toBeHidden();
  const listed = (await (await page.request.get('/email-account/list')).json()) as { items: { email: string; dkim: unknown }[] };
  expect(listed.items.find((item) => item.email === MAILBOX)?.dkim).toBeNull();
});
