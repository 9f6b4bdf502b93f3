/**
 * The email-content calls over real HTTP: attachments uploaded for a variant (multipart), listed
 * with the block's variants, downloaded with safe headers, removed; over-size files refused with
 * their catalogue keys; another tenant's ids `not_found` on every call (and in a saved
 * flowchart); a copy with and without attachments; and a launched campaign's email and a test
 * email carrying the file to an SMTP server on loopback.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { EMAIL_ATTACHMENT_LIMITS, type Flowchart } from '@leadforge/contracts';
import { eq, sql } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema';
import { createMailbox, startRecordingServer, type RecordingServer } from '../../engines/mail/outbound/engine-fixtures';
import { createCredentialCipher } from '../../engines/mail/secrets/credentials';
import { readMail } from '../../test-support/received-mail';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';

const P = '/pipelines/api';

interface Person {
  client: TestClient;
  user: typeof users.$inferSelect;
}

interface Uploaded {
  id: number;
  fileName: string;
  size: number;
  mimeType: string;
  sha256: string;
}

const variant = (subject: string, attachments: Omit<Uploaded, 'sha256'>[] = []) => ({
  subject,
  content: '<p>Hello {{firstName}}</p>',
  attachments,
  plainTextMode: false,
  hasContent: true,
  hasInvalidVariables: false,
  hasDynamicText: false,
  overLimitDynamicText: false,
});

function flowchartWith(attachments: Omit<Uploaded, 'sha256'>[]): Flowchart {
  return {
    operators: [
      { block: { id: 'start', type: 'start' }, position: { x: 0, y: 0 } },
      { block: { id: 'e1', type: 'email', emails: [variant('Offer for {{firstName}}', attachments), variant('Variant B')] }, position: { x: 0, y: 100 } },
    ],
    links: [{ from: 'start', to: 'e1', output: 'next' }],
  };
}

const ref = (file: Uploaded) => ({ id: file.id, fileName: file.fileName, size: file.size, mimeType: file.mimeType });

describe('email content and attachments', () => {
  let t: TestApp;
  let smtp: RecordingServer;
  let ann: Person;
  let eve: Person;

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  before(async () => {
    t = await startTestApp();
    smtp = await startRecordingServer();
    ann = await signedIn('attach-ann');
    eve = await signedIn('attach-eve');
  });
  after(async () => {
    await t?.app.services.mailEngine.engine.close();
    await t?.close();
    await smtp?.close();
  });

  async function signedIn(label: string): Promise<Person> {
    const client = t.client();
    const email = uniqueEmail(label);
    await client.register({ email, password: STRONG_PASSWORD, name: `${label} name` });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db.update(subscriptions).set({ planName: 'DC', endsAt: null }).where(eq(subscriptions.accountId, user!.accountId));
    return { client, user: user! };
  }

  async function create(person: Person, title: string, extra: object = {}): Promise<number> {
    const response = await person.client.post(`${P}/campaign/save`, { title, flowchart: flowchartWith([]), ...extra });
    assert.equal(response.status, 200, response.text);
    return response.body.campaign.campaignId as number;
  }

  /** A multipart save as the browser sends it (FormData), with the session cookie and CSRF header. */
  async function upload(person: Person, fields: Record<string, string | number>, files: { name: string; type: string; bytes: Buffer }[]) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
    for (const file of files) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const response = await fetch(`${t.url}${P}/email-content`, {
      method: 'POST',
      headers: { accept: 'application/json', cookie: person.client.cookieHeader(), 'x-csrf-token': await person.client.csrfToken() },
      body: form,
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as { attachments: Uploaded[]; errors?: { key: string; field?: string }[] }, text };
  }

  async function download(person: Person, id: number) {
    const response = await fetch(`${t.url}${P}/email-content/attachment/${id}`, { headers: { cookie: person.client.cookieHeader() } });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 7)]);
  const keyOf = (body: { errors?: { key: string }[] }) => body.errors?.[0]?.key;

  it('uploads files for a variant, lists them with the block, downloads them with safe headers and removes them', async () => {
    const campaignId = await create(ann, 'Attachments');
    const saved = await upload(ann, { campaignId, blockId: 'e1', variant: 0 }, [
      { name: 'C:\\fakepath\\price list <2026>?.pdf', type: 'application/pdf', bytes: pdf },
      { name: 'page.html', type: 'text/html', bytes: Buffer.from('<script>alert(1)</script>') },
    ]);
    assert.equal(saved.status, 200, saved.text);
    const [file, page] = saved.body.attachments;
    assert.deepEqual({ ...file, id: 0 }, { id: 0, fileName: 'price list 2026.pdf', size: pdf.length, mimeType: 'application/pdf', sha256: createHash('sha256').update(pdf).digest('hex') });
    // A type a browser would render as a page is stored and served as plain bytes.
    assert.equal(page!.mimeType, 'application/octet-stream');

    const flowchart = await ann.client.put(`${P}/campaign/${campaignId}/flowcharts`, { flowchart: flowchartWith([{ ...ref(file!), fileName: 'renamed by hand.exe', size: 1 }]) });
    assert.equal(flowchart.status, 200, flowchart.text);
    // The server writes what it stores, not what the editor claimed.
    assert.deepEqual(flowchart.body.campaign.flowchart.operators[1].block.emails[0].attachments, [ref(file!)]);

    const content = await ann.client.get(`${P}/email-content`, { query: { campaignId: String(campaignId), blockId: 'e1' } });
    assert.equal(content.status, 200, content.text);
    assert.deepEqual(
      content.body.variants.map((item: { index: number; subject: string; attachments: Uploaded[] }) => [item.index, item.subject, item.attachments.map((a) => a.id)]),
      [
        [0, 'Offer for {{firstName}}', [file!.id]],
        [1, 'Variant B', []],
      ],
    );
    assert.equal((await ann.client.get(`${P}/email-content`, { query: { campaignId: String(campaignId), blockId: 'nope' } })).status, 404);

    const got = await download(ann, file!.id);
    assert.equal(got.status, 200);
    assert.deepEqual(got.bytes, pdf);
    assert.equal(got.headers.get('content-type'), 'application/pdf');
    assert.equal(got.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(got.headers.get('content-disposition'), `attachment; filename="price list 2026.pdf"; filename*=UTF-8''price%20list%202026.pdf`);
    const html = await download(ann, page!.id);
    assert.equal(html.headers.get('content-type'), 'application/octet-stream');

    const removed = await ann.client.delete(`${P}/email-content/attachment/${page!.id}`);
    assert.equal(removed.status, 200, removed.text);
    assert.equal((await download(ann, page!.id)).status, 404);
    assert.equal((await ann.client.delete(`${P}/email-content/attachment/${page!.id}`)).status, 404);
    // Nothing unsent needed it: its bytes are gone for good.
    assert.deepEqual(await rows(sql`select bytes from campaign_attachments where id = ${page!.id}`), [{ bytes: null }]);
    // A flowchart still naming the removed file saves without it.
    const stale = await ann.client.put(`${P}/campaign/${campaignId}/flowcharts`, { flowchart: flowchartWith([ref(file!), ref(page!)]) });
    assert.equal(stale.status, 200, stale.text);
    assert.deepEqual(stale.body.campaign.flowchart.operators[1].block.emails[0].attachments, [ref(file!)]);
  });

  it('refuses a file over 10 MB, a variant over 25 MB, a missing file and bad fields with catalogue keys', async () => {
    const campaignId = await create(ann, 'Too large');
    const big = Buffer.alloc(EMAIL_ATTACHMENT_LIMITS.fileBytesMax + 1, 1);
    const refused = await upload(ann, { campaignId, blockId: 'e1', variant: 0 }, [{ name: 'big.bin', type: 'application/octet-stream', bytes: big }]);
    assert.equal(refused.status, 413, refused.text);
    assert.equal(keyOf(refused.body), 'attachment_too_large');

    const nine = Buffer.alloc(9 * 1024 * 1024, 2);
    const first = await upload(ann, { campaignId, blockId: 'e1', variant: 0 }, [
      { name: 'a.bin', type: 'application/octet-stream', bytes: nine },
      { name: 'b.bin', type: 'application/octet-stream', bytes: nine },
    ]);
    assert.equal(first.status, 200, first.text);
    const saved = await ann.client.put(`${P}/campaign/${campaignId}/flowcharts`, { flowchart: flowchartWith(first.body.attachments.map(ref)) });
    assert.equal(saved.status, 200, saved.text);
    const third = await upload(ann, { campaignId, blockId: 'e1', variant: 0 }, [{ name: 'c.bin', type: 'application/octet-stream', bytes: nine }]);
    assert.equal(third.status, 413, third.text);
    assert.equal(keyOf(third.body), 'attachments_total_too_large');
    // Another variant has its own 25 MB.
    const other = await upload(ann, { campaignId, blockId: 'e1', variant: 1 }, [{ name: 'c.bin', type: 'application/octet-stream', bytes: nine }]);
    assert.equal(other.status, 200, other.text);
    // A flowchart that puts the three on one variant is refused too.
    const tooMuch = await ann.client.put(`${P}/campaign/${campaignId}/flowcharts`, {
      flowchart: flowchartWith([...first.body.attachments, ...other.body.attachments].map(ref)),
    });
    assert.equal(tooMuch.status, 413, tooMuch.text);
    assert.deepEqual(tooMuch.body.errors[0], { ...tooMuch.body.errors[0], key: 'attachments_total_too_large', field: 'flowchart.e1.emails.0.attachments' });

    const none = await upload(ann, { campaignId, blockId: 'e1', variant: 0 }, []);
    assert.equal(keyOf(none.body), 'field_required');
    const badVariant = await upload(ann, { campaignId, blockId: 'e1', variant: 'x' }, [{ name: 'a.txt', type: 'text/plain', bytes: Buffer.from('a') }]);
    assert.equal(badVariant.status, 400, badVariant.text);
    assert.equal(keyOf(badVariant.body), 'field_invalid');
    const noCampaign = await upload(ann, { blockId: 'e1', variant: 0 }, [{ name: 'a.txt', type: 'text/plain', bytes: Buffer.from('a') }]);
    assert.equal(keyOf(noCampaign.body), 'field_required');
    // JSON to the multipart call, and a form to a JSON call, are refused.
    assert.equal(keyOf((await ann.client.post(`${P}/email-content`, { campaignId, blockId: 'e1', variant: 0 })).body), 'unsupported_media_type');
    const form = new FormData();
    form.append('title', 'x');
    const formToJson = await fetch(`${t.url}${P}/campaign/save`, {
      method: 'POST',
      headers: { accept: 'application/json', cookie: ann.client.cookieHeader(), 'x-csrf-token': await ann.client.csrfToken() },
      body: form,
    });
    assert.equal(formToJson.status, 415);
  });

  it("answers not_found for another tenant's campaign and attachment on every call, and in a flowchart", async () => {
    const campaignId = await create(ann, 'Mine');
    const mine = (await upload(ann, { campaignId, blockId: 'e1', variant: 0 }, [{ name: 'mine.pdf', type: 'application/pdf', bytes: pdf }])).body.attachments[0]!;
    const theirs = await create(eve, 'Theirs');

    const stranger = await upload(eve, { campaignId, blockId: 'e1', variant: 0 }, [{ name: 'x.pdf', type: 'application/pdf', bytes: pdf }]);
    assert.equal(stranger.status, 404, stranger.text);
    assert.equal((await eve.client.get(`${P}/email-content`, { query: { campaignId: String(campaignId), blockId: 'e1' } })).status, 404);
    assert.equal((await download(eve, mine.id)).status, 404);
    assert.equal((await eve.client.delete(`${P}/email-content/attachment/${mine.id}`)).status, 404);
    assert.equal((await download(ann, mine.id)).status, 200);

    // Eve's flowchart may not name Ann's file; Ann's other campaign may not either.
    const foreign = await eve.client.put(`${P}/campaign/${theirs}/flowcharts`, { flowchart: flowchartWith([ref(mine)]) });
    assert.equal(foreign.status, 404, foreign.text);
    assert.equal(foreign.body.errors[0].field, 'flowchart.e1.emails.0.attachments');
    const otherCampaign = await create(ann, 'Other');
    assert.equal((await ann.client.put(`${P}/campaign/${otherCampaign}/flowcharts`, { flowchart: flowchartWith([ref(mine)]) })).status, 404);
    const unknown = await ann.client.put(`${P}/campaign/${otherCampaign}/flowcharts`, { flowchart: flowchartWith([{ ...ref(mine), id: 2_000_000_000 }]) });
    assert.equal(unknown.status, 404);
    // Nor may a test email carry it.
    const test = await eve.client.post('/campaigns/send-test-email', {
      subject: 'x',
      body: '<p>x</p>',
      email: 'x@eve.example',
      emailAccount: 1,
      campaignId,
      attachments: [ref(mine)],
    });
    assert.equal(test.status, 404);
  });

  it('copies attachments with the campaign when asked, and drops them otherwise', async () => {
    const campaignId = await create(ann, 'Source');
    const file = (await upload(ann, { campaignId, blockId: 'e1', variant: 0 }, [{ name: 'deck.pdf', type: 'application/pdf', bytes: pdf }])).body.attachments[0]!;
    assert.equal((await ann.client.put(`${P}/campaign/${campaignId}/flowcharts`, { flowchart: flowchartWith([ref(file)]) })).status, 200);

    const withFiles = await ann.client.post(`${P}/campaign/${campaignId}/create-copy`, { withAttachments: true });
    assert.equal(withFiles.status, 200, withFiles.text);
    const copied = withFiles.body.campaign.flowchart.operators[1].block.emails[0].attachments as Uploaded[];
    assert.equal(copied.length, 1);
    assert.notEqual(copied[0]!.id, file.id);
    assert.deepEqual({ ...copied[0], id: 0 }, { ...ref(file), id: 0 });
    const copyId = withFiles.body.campaign.campaignId as number;
    assert.deepEqual((await download(ann, copied[0]!.id)).bytes, pdf);
    // The copy's file is its own: removing the source's leaves it.
    assert.equal((await ann.client.delete(`${P}/email-content/attachment/${file.id}`)).status, 200);
    assert.equal((await download(ann, copied[0]!.id)).status, 200);
    const listed = await ann.client.get(`${P}/email-content`, { query: { campaignId: String(copyId), blockId: 'e1' } });
    assert.deepEqual(listed.body.variants[0].attachments.map((a: Uploaded) => a.id), [copied[0]!.id]);

    const source2 = await create(ann, 'Source 2');
    const file2 = (await upload(ann, { campaignId: source2, blockId: 'e1', variant: 0 }, [{ name: 'deck.pdf', type: 'application/pdf', bytes: pdf }])).body.attachments[0]!;
    await ann.client.put(`${P}/campaign/${source2}/flowcharts`, { flowchart: flowchartWith([ref(file2)]) });
    const without = await ann.client.post(`${P}/campaign/${source2}/create-copy`, { withAttachments: false });
    assert.equal(without.status, 200, without.text);
    assert.deepEqual(without.body.campaign.flowchart.operators[1].block.emails[0].attachments, []);
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from campaign_attachments where campaign_id = ${without.body.campaign.campaignId}`);
    assert.equal(count!.n, 0);
  });

  it("sends a launched campaign's email and a test email with the attachment to the SMTP server", async () => {
    const cipher = createCredentialCipher({ dataDir: t.config.dataDir, env: { MAIL_SECRET_KEY: t.config.emailAccounts.secretKey } });
    const mailbox = await createMailbox(t.database, { userId: ann.user.id, accountId: ann.user.accountId }, cipher, { port: smtp.port, senderName: 'Ann' });
    const [list] = await rows<{ id: number }>(
      sql`insert into prospect_lists (account_id, user_id, type, name) values (${ann.user.accountId}, ${ann.user.id}, 'prospect', 'Attach list') returning id`,
    );
    const [blacklist] = await rows<{ id: number }>(
      sql`insert into prospect_lists (account_id, user_id, type, name) values (${ann.user.accountId}, ${ann.user.id}, 'prospect', 'Attach no-send') returning id`,
    );
    const [prospect] = await rows<{ id: number }>(
      sql`insert into prospects (account_id, user_id, name, first_name) values (${ann.user.accountId}, ${ann.user.id}, 'Bo Reader', 'Bo') returning id`,
    );
    await t.database.db.execute(sql`insert into prospect_emails (prospect_id, account_id, email, status) values (${prospect!.id}, ${ann.user.accountId}, 'bo@reader.example', 'valid')`);
    await t.database.db.execute(sql`insert into prospect_list_items (list_id, prospect_id) values (${list!.id}, ${prospect!.id})`);

    const campaignId = await create(ann, 'Send with file', { listId: Number(list!.id), blacklist: Number(blacklist!.id), senderEmailAccounts: [mailbox] });
    const file = (await upload(ann, { campaignId, blockId: 'e1', variant: 0 }, [{ name: 'Preisliste ü.pdf', type: 'application/pdf', bytes: pdf }])).body.attachments[0]!;
    const flowchart: Flowchart = {
      operators: [
        { block: { id: 'start', type: 'start' }, position: { x: 0, y: 0 } },
        { block: { id: 'e1', type: 'email', emails: [variant('Offer for {{firstName}}', [ref(file)])] }, position: { x: 0, y: 100 } },
      ],
      links: [{ from: 'start', to: 'e1', output: 'next' }],
    };
    assert.equal((await ann.client.put(`${P}/campaign/${campaignId}/flowcharts`, { flowchart })).status, 200);

    const test = await ann.client.post('/campaigns/send-test-email', {
      subject: 'Test with file',
      body: '<p>See attached</p>',
      email: 'me@ann.example',
      emailAccount: mailbox,
      campaignId,
      attachments: [ref(file)],
    });
    assert.equal(test.status, 200, test.text);
    const launched = await ann.client.post(`${P}/campaign/set-state`, { campaignId, state: 'start' });
    assert.equal(launched.status, 200, launched.text);
    await smtp.waitForCount(2);

    const mails = await Promise.all(smtp.received.map((mail) => readMail(mail.raw)));
    for (const subject of ['Test with file', 'Offer for Bo']) {
      const mail = mails.find((candidate) => candidate.subject === subject);
      assert.ok(mail, `${subject} was sent`);
      assert.equal(mail.attachments.length, 1);
      assert.equal(mail.attachments[0]!.filename, 'Preisliste ü.pdf');
      assert.equal(mail.attachments[0]!.contentType, 'application/pdf');
      assert.deepEqual(mail.attachments[0]!.content, pdf);
    }
    const [outbound] = await rows<{ attachments: { id: number }[] }>(sql`select attachments from mail_outbound where campaign_id = ${campaignId}`);
    assert.deepEqual(outbound!.attachments.map((entry) => entry.id), [file.id]);
  });
});
