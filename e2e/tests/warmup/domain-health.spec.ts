import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { startSmtpSubmissionPeer, type SmtpSubmissionPeer } from '../../../api/src/modules/email-accounts/test-peers';
import { startImapPeer, type ImapPeer } from '../../../api/src/test-support/imap-peer';
import { HEALTH_DOMAIN } from '../../support/domain-health-world';
import { E2E_BASE_URL } from '../../support/env';
import { expect, signIn, test, type TestUser } from '../../support/fixtures';

// A mailbox at health-mail.test on loopback SMTP and IMAP servers; the journeys' DNS publishes
// the domain's MX, SPF and reverse DNS but no DKIM key and no DMARC record (domain-health-world.ts).
const MAILBOX = `ada@${HEALTH_DOMAIN}`;
const PASSWORD = 'Health-App-Password-42';

type Tree = { [key: string]: Tree | string };
const en = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'remotes', 'warmup', 'src', 'locales', 'en.json'), 'utf8')) as { domainHealth: Tree };
const text = (path: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (out, [name, value]) => out.replaceAll(`{{${name}}}`, value),
    path.split('.').reduce<Tree | string>((node, key) => (node as Tree)[key]!, en.domainHealth) as string,
  );

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

/** The user's API session from "another tab": connects the mailbox, re-checks a domain. */
async function apiOf(user: TestUser) {
  const context: APIRequestContext = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const csrf = async () => ((await (await context.get('/auth/csrf', { headers: { accept: 'application/json' } })).json()) as { token: string }).token;
  const post = async (path: string, data: unknown) => {
    const response = await context.post(path, { headers: { 'x-csrf-token': await csrf(), accept: 'application/json' }, data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBeTruthy();
    return response.json() as Promise<unknown>;
  };
  await post('/auth/login', { email: user.email, password: user.password });
  return { post, dispose: () => context.dispose() };
}

test('a user reads what is wrong with their sending domain, re-checks it and sees the daily check arrive live', async ({ page, user }) => {
  const api = await apiOf(user);
  try {
    await api.post('/email-account/create', {
      email: MAILBOX,
      senderName: 'Ada',
      smtp: { host: '127.0.0.1', port: smtp.port, security: 'none', password: PASSWORD },
      imap: { host: '127.0.0.1', port: imap.port, security: 'none' },
    });
    await signIn(page, user, '/deliverability/domain-health');
    await expect(page.getByRole('heading', { level: 1, name: 'Domain health' })).toBeVisible();
    const card = page.getByTestId('domain-health-card').filter({ hasText: HEALTH_DOMAIN });
    await expect(card).toBeVisible();
    await expect(card.getByText(text('neverChecked'))).toBeVisible();
    await expect(card.getByText(text('mailboxes', { list: MAILBOX }))).toBeVisible();

    // A check made elsewhere (here: the API, as the daily job does) reaches the open page by its push.
    await api.post('/api/domain-health/check', { domain: HEALTH_DOMAIN });
    await expect(card.getByTestId('health-tag').first()).toHaveText(text('health.bad'));
    await expect(card.getByText(text('neverChecked'))).toHaveCount(0);

    // Each check with its verdict; the ones that pass say so.
    await expect(card.getByText(text('findings.mx_found', { hosts: `mx.${HEALTH_DOMAIN}` }))).toBeVisible();
    await expect(card.getByText(text('findings.dmarc_missing', { domain: HEALTH_DOMAIN }))).toBeVisible();
    await expect(card.getByText(text('findings.rdns_confirmed', { names: `127.0.0.1 → smtp.${HEALTH_DOMAIN}` }))).toBeVisible();

    // Opening DMARC tells what to publish, in plain words.
    await card.getByText(text('findings.dmarc_missing', { domain: HEALTH_DOMAIN })).click();
    await expect(card.getByText(text('whatToDo')).first()).toBeVisible();
    await expect(
      card.getByText(text('fixes.add_dmarc', { name: `_dmarc.${HEALTH_DOMAIN}`, record: `v=DMARC1; p=none; rua=mailto:dmarc-reports@${HEALTH_DOMAIN}` })),
    ).toBeVisible();

    // Re-check from the page: the button waits, then a toast says the verdict.
    await card.getByRole('button', { name: text('recheckDomain', { domain: HEALTH_DOMAIN }) }).click();
    await expect(page.getByText(text('checkedToast', { domain: HEALTH_DOMAIN, health: text('health.bad') }))).toBeVisible();
    await expect(card.getByText(/Last checked/)).toBeVisible();
  } finally {
    await api.dispose();
  }
});

test('a user without mailboxes is sent to connect one', async ({ page, user }) => {
  await signIn(page, user, '/deliverability/domain-health');
  await expect(page.getByText(text('empty.title'))).toBeVisible();
  await page.getByRole('link', { name: text('empty.action') }).click();
  await expect(page).toHaveURL(/\/account\/email-accounts$/);
});
