import { SCREEN_WIDTHS, describeFinding, overflowingElements, reportShellFindings, seriousViolations, settleAnimations } from '../../support/accessibility';
import { startSmtpSubmissionPeer, type SmtpSubmissionPeer } from '../../../api/src/modules/email-accounts/test-peers';
import { startImapPeer, type ImapPeer } from '../../../api/src/test-support/imap-peer';
import { expect, signIn, test } from '../../support/fixtures';

// The email-account screens with a mailbox in the list (on loopback servers this file starts),
// the connect form with a test result, and the edit drawer, at a phone's and a tablet's width.
const MAILBOX = 'grace@mailbox.test';
const PASSWORD = 'Mailbox-App-Password-72';
/** Where the remote's own markup sits (the shell's header and menu, and antd's portals, are outside it). */
const REMOTE_ROOT = 'section[data-screen]';

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

test('the email-account screens are accessible and fit a phone and a tablet', async ({ page, user }) => {
  test.setTimeout(180_000);
  await signIn(page, user);
  // The mailbox is connected through the API: this journey is about the screens, not the form.
  const { token } = (await (await page.request.get('/auth/csrf', { headers: { accept: 'application/json' } })).json()) as { token: string };
  const created = await page.request.post('/email-account/create', {
    headers: { 'x-csrf-token': token, accept: 'application/json' },
    data: {
      email: MAILBOX,
      senderName: 'Grace Hopper',
      smtp: { host: '127.0.0.1', port: smtp.port, security: 'none', password: PASSWORD },
      imap: { host: '127.0.0.1', port: imap.port, security: 'none' },
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  const shellFindings = new Set<string>();
  const judge = async (what: string) => {
    // Loading spinners settle into content before the page is judged.
    await expect(page.locator(`${REMOTE_ROOT} .ant-spin-spinning`)).toHaveCount(0);
    expect.soft(await overflowingElements(page, REMOTE_ROOT), what).toEqual([]);
    const { remote, shell } = await seriousViolations(page, REMOTE_ROOT);
    expect.soft(remote, what).toEqual([]);
    for (const finding of shell) shellFindings.add(describeFinding(finding));
  };

  for (const size of SCREEN_WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/account/email-accounts');
    await expect(page.getByRole('row', { name: /grace@mailbox\.test/ })).toBeVisible();
    await judge(`the list at ${size.width}px`);

    await page.getByRole('row', { name: /grace@mailbox\.test/ }).getByRole('button', { name: 'Edit' }).click();
    const drawer = page.getByRole('dialog', { name: `Settings of ${MAILBOX}` });
    await expect(drawer.getByLabel('Daily limit')).toBeVisible();
    await settleAnimations(page);
    const box = await drawer.boundingBox();
    expect.soft(box && box.x + box.width <= size.width + 1, `the drawer fits ${size.width}px`).toBe(true);
    const { remote } = await seriousViolations(page, '.ant-drawer');
    expect.soft(remote, `the drawer at ${size.width}px`).toEqual([]);
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await expect(drawer).toBeHidden();

    await page.goto('/account/email-accounts/setup');
    await expect(page.getByRole('button', { name: 'Other (SMTP + IMAP)' })).toBeVisible();
    await judge(`choosing a provider at ${size.width}px`);

    await page.getByRole('button', { name: 'Fastmail' }).click();
    await expect(page.getByLabel('SMTP server', { exact: true })).toHaveValue('smtp.fastmail.com');
    await judge(`the connect form at ${size.width}px`);
  }
  reportShellFindings(test.info(), shellFindings);
});
