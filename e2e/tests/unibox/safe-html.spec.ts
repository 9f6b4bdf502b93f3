import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpSubmissionPeer, type SmtpSubmissionPeer } from '../../../api/src/modules/email-accounts/test-peers';
import { startImapPeer, type ImapPeer } from '../../../api/src/test-support/imap-peer';
import { expect, signIn, test } from '../../support/fixtures';
import { apiAs } from '../prospects/prospects-world';
import { appendMail, connectMailbox, minutesAgo, syncedInbox, text } from './unibox-world';

// A newsletter with a script and a tracking pixel served by a web server of this file, which
// counts what it is asked for: the pixel, and the address the script would call.
const MAILBOX = 'ada@unibox-html.test';
const PASSWORD = 'Mailbox-App-Password-82';
const SENDER = 'news@tracker.test';
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let smtp: SmtpSubmissionPeer;
let imap: ImapPeer;
let web: Server;
const requests: string[] = [];

test.beforeAll(async () => {
  web = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
    response.end(PIXEL);
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const { port } = web.address() as AddressInfo;
  smtp = await startSmtpSubmissionPeer({ [MAILBOX]: PASSWORD });
  imap = await startImapPeer({ users: { [MAILBOX]: { password: PASSWORD } } });
  const origin = `http://127.0.0.1:${port}`;
  const html = [
    '<p>Our spring news, with a picture.</p>',
    `<img src="${origin}/pixel.png" alt="Spring picture" width="40" height="40">`,
    `<script>parent.document.title = 'script ran'; fetch('${origin}/script-ran'); document.body.append('SCRIPT RAN');</script>`,
    `<img src="data:," onerror="parent.document.title = 'handler ran'; fetch('${origin}/handler-ran')">`,
  ].join('\n');
  await appendMail(imap, MAILBOX, PASSWORD, 'INBOX', [
    { from: SENDER, fromName: 'Tracker News', to: MAILBOX, subject: 'Spring news', messageId: 'spring-news@tracker.test', at: minutesAgo(5), html },
  ]);
});

test.afterAll(async () => {
  await imap?.stop();
  await smtp?.close();
  await new Promise((resolve) => web?.close(resolve));
});

test('an HTML message shows without running its script or loading remote images until the user asks', async ({ page, playwright, user }) => {
  // The first sync of a new mailbox may take up to the world's wait (unibox-world.ts) on shared cores.
  test.setTimeout(150_000);
  const api = await apiAs(playwright, user);
  const mailboxId = await connectMailbox(api, { smtp, imap }, MAILBOX, PASSWORD, 'Ada Lovelace');
  await syncedInbox(api, mailboxId, 1);
  await api.dispose();

  await signIn(page, user, '/unibox');
  // The page's own title, set once the screen shows; a script in the message would overwrite it.
  const title = `${text('pages.unibox.title')} · Leadforge`;
  await expect(page).toHaveTitle(title);
  await page.getByRole('link', { name: text('thread.openUnread', { who: 'Tracker News', count: 1 }) }).click();

  // The message is in a frame that may run nothing, and its text is there.
  const frame = page.getByTitle(text('message.frameTitle', { subject: 'Spring news' }));
  await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
  const content = page.frameLocator(`iframe[title="${text('message.frameTitle', { subject: 'Spring news' })}"]`);
  await expect(content.getByText('Our spring news, with a picture.')).toBeVisible();
  await expect(content.getByRole('img', { name: 'Spring picture' })).toBeAttached();
  await expect(page.getByText(text('message.imagesBlocked'))).toBeVisible();

  // Nothing ran and nothing was fetched: the page's title is its own, the script's text is not in
  // the frame, and the web server was asked for nothing — neither the picture nor by the script.
  await expect(page).toHaveTitle(title);
  await expect(content.getByText('SCRIPT RAN')).toHaveCount(0);
  expect(await content.getByRole('img', { name: 'Spring picture' }).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(0);
  expect(requests).toEqual([]);

  // "Show images": the notice goes and the frame's own policy lets remote pictures in. The picture
  // itself still cannot load here: a srcdoc frame inherits the page's Content-Security-Policy,
  // and the app's (api/src/app.ts) allows images from 'self', data: and blob: only, so the
  // browser refuses it before any request. Whether it was fetched is therefore not asserted.
  await page.getByRole('button', { name: text('message.showImages') }).click();
  await expect(page.getByText(text('message.imagesBlocked'))).toHaveCount(0);
  await expect(frame).toHaveAttribute('srcdoc', /img-src data: https: http:/);
  await expect(content.getByText('Our spring news, with a picture.')).toBeVisible();
  await expect(page).toHaveTitle(title);
  await expect(content.getByText('SCRIPT RAN')).toHaveCount(0);
  expect(requests.filter((path) => path !== '/pixel.png')).toEqual([]);
});
