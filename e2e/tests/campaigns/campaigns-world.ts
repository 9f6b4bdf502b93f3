/**
 * The campaign journeys' world: what a journey is not about, seeded through the same public calls
 * the app makes (a mailbox on loopback SMTP and IMAP servers, a one-email sequence, a campaign
 * saved whole), and the way a journey picks an option of an antd select.
 */
import type { Locator, Page } from '@playwright/test';
import { startSmtpSubmissionPeer, type SmtpSubmissionPeer } from '../../../api/src/modules/email-accounts/test-peers';
import { startImapPeer, type ImapPeer } from '../../../api/src/test-support/imap-peer';
import { expect } from '../../support/fixtures';
import { pickOption, type ApiSession } from '../prospects/prospects-world';

/**
 * For the first expectation after a page (re)load: the shell, then the remote's chunks, then its
 * calls, on a machine other builds keep busy, may take longer than one expectation's default.
 */
export const PAGE_LOAD = { timeout: 45_000 };

/** A mailbox's two servers on loopback, accepting one address and its password. */
export interface MailboxPeers {
  email: string;
  password: string;
  smtp: SmtpSubmissionPeer;
  imap: ImapPeer;
  close(): Promise<void>;
}

export async function startMailboxPeers(email: string, password: string): Promise<MailboxPeers> {
  const smtp = await startSmtpSubmissionPeer({ [email]: password });
  const imap = await startImapPeer({ users: { [email]: { password } } });
  return {
    email,
    password,
    smtp,
    imap,
    async close() {
      await imap.stop();
      await smtp.close();
    },
  };
}

/** Connects the peers' mailbox to the caller's account (the connection is tested first); answers its id. */
export async function connectMailbox(api: ApiSession, peers: MailboxPeers, senderName: string): Promise<number> {
  const created = await api.call<{ account: { id: number } }>('POST', '/email-account/create', {
    email: peers.email,
    senderName,
    smtp: { host: '127.0.0.1', port: peers.smtp.port, security: 'none', password: peers.password },
    imap: { host: '127.0.0.1', port: peers.imap.port, security: 'none' },
  });
  return created.account.id;
}

/** One variant of an email block, as the editor writes it. */
export const emailVariant = (subject: string, content: string) => ({
  subject,
  content,
  attachments: [],
  plainTextMode: false,
  hasContent: true,
  hasInvalidVariables: false,
  hasDynamicText: false,
  overLimitDynamicText: false,
});

/** start → one email. */
export const oneEmailSequence = (subject: string, content: string) => ({
  operators: [
    { block: { id: 'start', type: 'start' }, position: { x: 0, y: 0 } },
    { block: { id: 'email-1', type: 'email', emails: [emailVariant(subject, content)] }, position: { x: 0, y: 160 } },
  ],
  links: [{ from: 'start', to: 'email-1', output: 'next' }],
});

/** start → email → wait `hours`: after the first email every recipient waits, so statuses stay put. */
export const emailThenWaitSequence = (subject: string, content: string, hours = 72) => ({
  operators: [
    { block: { id: 'start', type: 'start' }, position: { x: 0, y: 0 } },
    { block: { id: 'email-1', type: 'email', emails: [emailVariant(subject, content)] }, position: { x: 0, y: 140 } },
    { block: { id: 'delay-1', type: 'delay', waiting_val: hours }, position: { x: 0, y: 280 } },
  ],
  links: [
    { from: 'start', to: 'email-1', output: 'next' },
    { from: 'email-1', to: 'delay-1', output: 'next' },
  ],
});

/** Saves a whole campaign (status new) and answers its id. */
export async function saveCampaign(api: ApiSession, body: Record<string, unknown> & { title: string }): Promise<number> {
  const saved = await api.call<{ campaign: { campaignId: number } }>('POST', '/pipelines/api/campaign/save', body);
  return saved.campaign.campaignId;
}

/**
 * Picks an option of the antd select labelled `label` inside `scope`. The dropdown animates open
 * and a click mid-animation can miss, so the pick is tried again until the select shows it.
 */
export async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const select = scope.getByRole('combobox', { name: label });
  // (`has` is matched inside each select, so it names the combobox from the page, not the scope.)
  const shown = scope.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) });
  await expect(async () => {
    // Opened only when closed: a click that missed its option (the dropdown still moving in) may
    // leave it open, and clicking the select again would close it.
    if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click();
    await pickOption(page, option, { timeout: 5_000 });
    await expect(shown).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}

/**
 * Draws a link on the sequence canvas with the mouse, as a user does: from a block's output
 * handle (`next`, `yes` or `no`) to another block's input handle.
 */
export async function linkBlocks(page: Page, canvas: Locator, from: string, output: 'next' | 'yes' | 'no', to: string): Promise<void> {
  const source = canvas.locator(`.react-flow__node[data-id="${from}"] .react-flow__handle.source[data-handleid="${output}"]`);
  const target = canvas.locator(`.react-flow__node[data-id="${to}"] .react-flow__handle.target`);
  // Measured once they stand still: an auto-layout or a block panned into view moves them.
  await source.hover({ trial: true });
  await target.hover({ trial: true });
  const start = await source.boundingBox();
  const end = await target.boundingBox();
  if (!start || !end) throw new Error(`the handles of ${from} and ${to} are not on screen`);
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.mouse.up();
}
