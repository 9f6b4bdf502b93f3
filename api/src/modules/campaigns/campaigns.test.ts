/**
 * The campaigns area over real HTTP: create, save and update by section, the 48-slot shifting,
 * folders, copy, delete, the launch refused with each launch and block key (nothing written),
 * a launch materialising exactly the right recipients, set-state, the structure lock, another
 * tenant's ids and the team rules of document 1 §6.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { campaignsRoutes, launchIssueFromErrorItem, type Flowchart } from '@leadforge/contracts';
import { eq, sql } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';

const P = '/pipelines/api';

interface Person {
  client: TestClient;
  user: typeof users.$inferSelect;
}

const variant = (subject: string, content: string) => ({
  subject,
  content,
  attachments: [] as { id: number; fileName: string; size: number; mimeType: string }[],
  plainTextMode: false,
  hasContent: true,
  hasInvalidVariables: false,
  hasDynamicText: false,
  overLimitDynamicText: false,
});

const at = (x: number, y: number) => ({ x, y });

/** start → email → delay 1 day → trigger opened (yes: email 2, no: goal). */
function goodFlowchart(): Flowchart {
  return {
    operators: [
      { block: { id: 'start', type: 'start' }, position: at(0, 0) },
      { block: { id: 'e1', type: 'email', emails: [variant('Hello {{firstName}}', '<p>Hi {{firstName}}</p>')] }, position: at(0, 100) },
      { block: { id: 'd1', type: 'delay', waiting_val: 24 }, position: at(0, 200) },
      { block: { id: 't1', type: 'trigger', triggerType: 'email_opened', time: 2 * 24 * 60, degreeLevels: [] }, position: at(0, 300) },
      { block: { id: 'e2', type: 'email', emails: [variant('', '<p>Following up</p>')] }, position: at(-100, 400) },
      { block: { id: 'g1', type: 'goal', goal_name: 'Not opened' }, position: at(100, 400) },
    ],
    links: [
      { from: 'start', to: 'e1', output: 'next' },
      { from: 'e1', to: 'd1', output: 'next' },
      { from: 'd1', to: 't1', output: 'next' },
      { from: 't1', to: 'e2', output: 'yes' },
      { from: 't1', to: 'g1', output: 'no' },
    ],
  };
}

function linkedinFlowchart(): Flowchart {
  return {
    operators: [
      { block: { id: 'start', type: 'start' }, position: at(0, 0) },
      { block: { id: 'l1', type: 'linkedin', actionType: 'visit', subject: '', content: '' }, position: at(0, 100) },
    ],
    links: [{ from: 'start', to: 'l1', output: 'next' }],
  };
}

describe('campaigns', () => {
  let t: TestApp;

  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  async function signedIn(label: string, teamCode?: string, plan = 'DC'): Promise<Person> {
    const client = t.client();
    const email = uniqueEmail(label);
    await client.register({ email, password: STRONG_PASSWORD, name: `${label} name`, ...(teamCode ? { teamCode } : {}) });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    if (!teamCode) await t.database.db.update(subscriptions).set({ planName: plan, endsAt: null }).where(eq(subscriptions.accountId, user!.accountId));
    return { client, user: user! };
  }

  // ---- factories (rows the other areas own, written directly)

  async function list(person: Person, name: string): Promise<number> {
    const [row] = await rows<{ id: number }>(
      sql`insert into prospect_lists (account_id, user_id, type, name) values (${person.user.accountId}, ${person.user.id}, 'prospect', ${name}) returning id`,
    );
    return Number(row!.id);
  }

  async function prospect(person: Person, listId: number, name: string, email: string | null, status = 'valid', social: string | null = null): Promise<number> {
    const [row] = await rows<{ id: number }>(
      sql`insert into prospects (account_id, user_id, name, social) values (${person.user.accountId}, ${person.user.id}, ${name}, ${social}) returning id`,
    );
    const id = Number(row!.id);
    if (email) await exec(sql`insert into prospect_emails (prospect_id, account_id, email, status) values (${id}, ${person.user.accountId}, ${email}, ${status})`);
    await exec(sql`insert into prospect_list_items (list_id, prospect_id) values (${listId}, ${id})`);
    return id;
  }

  async function tag(person: Person, name: string, prospectIds: number[]): Promise<number> {
    const [row] = await rows<{ id: number }>(sql`insert into user_tags (user_id, name) values (${person.user.id}, ${name}) returning id`);
    for (const prospectId of prospectIds) await exec(sql`insert into prospect_tags (prospect_id, tag_id) values (${prospectId}, ${Number(row!.id)})`);
    return Number(row!.id);
  }

  async function mailbox(person: Person, email: string, status = 'active'): Promise<number> {
    const [row] = await rows<{ id: number }>(
      sql`insert into email_accounts (account_id, user_id, email, provider, status) values (${person.user.accountId}, ${person.user.id}, ${email}, 'sandbox', ${status}) returning id`,
    );
    return Number(row!.id);
  }

  async function slot(person: Person, state: string, deleted = false): Promise<number> {
    const [row] = await rows<{ id: number }>(
      sql`insert into linkedin_accounts (account_id, user_id, provider, name, state, working_hours, limits, deleted_at)
          values (${person.user.accountId}, ${person.user.id}, 'sandbox', ${`slot ${state}`}, ${state}, '[]'::jsonb, '{}'::jsonb, ${deleted ? sql`now()` : null})
          returning id`,
    );
    return Number(row!.id);
  }

  async function create(person: Person, title: string, extra: object = {}) {
    const response = await person.client.post(`${P}/campaign/save`, { title, ...extra });
    assert.equal(response.status, 200, response.text);
    return response.body.campaign as { campaignId: number; [key: string]: unknown };
  }

  const update = (person: Person, campaignId: number, changes: object) => person.client.request('PATCH', `${P}/campaign/update`, { body: { campaignId, ...changes } });
  const setState = (person: Person, campaignId: number, state: string) => person.client.post(`${P}/campaign/set-state`, { campaignId, state });
  const keysOf = (response: { body: { errors?: { key: string }[] } }) => (response.body.errors ?? []).map((error) => error.key).sort();

  async function untouched(campaignId: number) {
    const [row] = await rows<{ status: string; active_version: number }>(sql`select status, active_version from campaigns where id = ${campaignId}`);
    const [recipients] = await rows<{ n: number }>(sql`select count(*)::int as n from campaign_recipients where campaign_id = ${campaignId}`);
    const [versions] = await rows<{ n: number }>(sql`select count(*)::int as n from campaign_versions where campaign_id = ${campaignId}`);
    assert.deepEqual([row!.status, Number(row!.active_version), recipients!.n, versions!.n], ['new', 0, 0, 0]);
  }

  before(async () => {
    t = await startTestApp({ jobs: false });
  });
  after(() => t?.close());

  it('creates a campaign as new, saves each section and resumes the wizard where it was', async () => {
    const ann = await signedIn('sections');
    const created = await create(ann, 'Spring outreach');
    assert.equal(created.status, 'new');
    assert.equal(created.creationStep, 'sequence');
    assert.equal(created.trackOpen, true);
    assert.deepEqual((created.flowchart as Flowchart).operators.map((operator) => operator.block.type), ['start']);
    const id = created.campaignId;

    const listId = await list(ann, 'Leads');
    const blacklistId = await list(ann, 'Do not mail');
    const box = await mailbox(ann, 'sections-box@mailbox.test');
    const common = await ann.client.get(`${P}/campaign/${id}/common-settings`);
    assert.equal(common.status, 200, common.text);
    const saved = await ann.client.request('PUT', `${P}/campaign/${id}/common-settings`, {
      body: { ...common.body, listId, blacklist: blacklistId, senderEmailAccounts: [box], dailyLimit: 40, stopForReply: false },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(
      [saved.body.campaign.listId, saved.body.campaign.blacklist, saved.body.campaign.senderEmailAccounts, saved.body.campaign.dailyLimit, saved.body.campaign.stopForReply],
      [listId, blacklistId, [box], 40, false],
    );

    const about = await ann.client.request('PUT', `${P}/campaign/${id}/about`, { body: { title: 'Spring outreach 2', folder: null, creationStep: 'sending_options' } });
    assert.equal(about.body.campaign.title, 'Spring outreach 2');
    const deals = await ann.client.request('PUT', `${P}/campaign/${id}/deals-settings`, {
      body: { enabled: true, event: 'interested', pipelineId: null, pipelineStageId: null, potentialValue: '250', potentialValueCurrency: null },
    });
    assert.equal(deals.body.campaign.dealsSettings.potentialValue, '250');

    // A draft may be invalid: the answer lists the issues without refusing.
    const draft = await ann.client.request('PUT', `${P}/campaign/${id}/flowcharts`, {
      body: { flowchart: { ...goodFlowchart(), operators: [...goodFlowchart().operators, { block: { id: 'lost', type: 'delay', waiting_val: null }, position: at(9, 9) }] } },
    });
    assert.equal(draft.status, 200, draft.text);
    assert.deepEqual(
      draft.body.issues.filter((issue: { blockId: string }) => issue.blockId === 'lost').map((issue: { key: string }) => issue.key).sort(),
      ['delay_no_time', 'not_connected_block'],
    );

    // Unknown lists, tags and mailboxes are refused; a partial update leaves the rest alone.
    assert.equal((await update(ann, id, { listId: 999_999 })).body.errors[0].key, 'list_not_found');
    assert.equal((await update(ann, id, { includeTags: [999_999] })).status, 404);
    assert.equal((await update(ann, id, { senderEmailAccounts: [999_999] })).status, 404);
    const partial = await update(ann, id, { trackOpen: false });
    assert.deepEqual([partial.body.campaign.trackOpen, partial.body.campaign.dailyLimit, partial.body.campaign.creationStep], [false, 40, 'sending_options']);

    // After a reload the wizard reads everything back.
    const reread = await ann.client.get(`${P}/campaign/${id}`);
    assert.equal(reread.body.campaign.creationStep, 'sending_options');
    assert.equal((await ann.client.get(`${P}/campaign/${id}/about`)).body.title, 'Spring outreach 2');
    assert.equal((await ann.client.get(`${P}/campaign/${id}/flowcharts`)).body.flowchart.operators.length, 7);
    assert.deepEqual((await ann.client.get(`${P}/flowchart-block-count/${id}`)).body, { counts: { start: 1, email: 2, linkedin: 0, trigger: 1, delay: 2, goal: 1 }, total: 7 });

    // A whole draft saved by id.
    const whole = await ann.client.post(`${P}/campaign/save`, { campaignId: id, title: 'Renamed by save', trackOpen: true });
    assert.deepEqual([whole.body.campaign.campaignId, whole.body.campaign.title, whole.body.campaign.trackOpen], [id, 'Renamed by save', true]);
  });

  it('shifts start and end on half-hour slots when they meet on the same day', async () => {
    const ann = await signedIn('slots');
    const { campaignId } = await create(ann, 'Slots');
    const moment = (date: string, time: string) => ({ date, time, timeZone: 'Europe/Kyiv' });
    const put = (body: object) => ann.client.request('PUT', `${P}/campaign/${campaignId}/time-settings`, { body });

    const startChanged = await put({ schedule: null, startAt: moment('2030-03-01', '10:00 AM'), completeAt: moment('2030-03-01', '9:00 AM'), changed: 'start' });
    assert.equal(startChanged.status, 200, startChanged.text);
    assert.deepEqual([startChanged.body.campaign.startAt.time, startChanged.body.campaign.completeAt], ['10:00 AM', moment('2030-03-01', '10:30 AM')]);

    const endChanged = await put({ schedule: null, startAt: moment('2030-03-01', '10:00 AM'), completeAt: moment('2030-03-01', '10:00 AM'), changed: 'end' });
    assert.deepEqual([endChanged.body.campaign.startAt, endChanged.body.campaign.completeAt.time], [moment('2030-03-01', '9:30 AM'), '10:00 AM']);

    const midnight = await put({ schedule: null, startAt: moment('2030-03-01', '11:30 PM'), completeAt: moment('2030-03-01', '8:00 AM'), changed: 'start' });
    assert.deepEqual(midnight.body.campaign.completeAt, moment('2030-03-02', '12:00 AM'));

    const apart = await put({ schedule: null, startAt: moment('2030-03-01', '9:00 AM'), completeAt: moment('2030-03-05', '9:00 AM') });
    assert.deepEqual(apart.body.campaign.completeAt, moment('2030-03-05', '9:00 AM'));
    assert.deepEqual((await ann.client.get(`${P}/campaign/${campaignId}/time-settings`)).body, {
      schedule: null,
      startAt: moment('2030-03-01', '9:00 AM'),
      completeAt: moment('2030-03-05', '9:00 AM'),
    });
    assert.equal((await put({ schedule: 999_999, startAt: null, completeAt: null })).status, 404);
  });

  it('keeps folders in the user’s order and files campaigns in them', async () => {
    const ann = await signedIn('folders');
    const a = (await ann.client.post(`${P}/folders`, { name: 'Clients' })).body.folder;
    const b = (await ann.client.post(`${P}/folders`, { name: 'Partners' })).body.folder;
    assert.deepEqual([a.position, b.position], [0, 1]);
    const renamed = await ann.client.request('PATCH', `${P}/folders/${a.id}`, { body: { name: 'Customers' } });
    assert.equal(renamed.body.folder.name, 'Customers');
    const sorted = await ann.client.post(`${P}/folders/sort`, { ids: [b.id, a.id] });
    assert.deepEqual(sorted.body.items.map((folder: { id: number }) => folder.id), [b.id, a.id]);

    const filed = await create(ann, 'Filed');
    await create(ann, 'Loose');
    assert.equal((await update(ann, filed.campaignId, { folder: b.id })).body.campaign.folder, b.id);
    const inFolder = await ann.client.get(`${P}/campaigns?folderId=${b.id}`);
    assert.deepEqual(inFolder.body.items.map((item: { title: string }) => item.title), ['Filed']);
    assert.deepEqual((await ann.client.get(`${P}/campaigns?folderId=0`)).body.items.map((item: { title: string }) => item.title), ['Loose']);
    assert.equal((await ann.client.get(`${P}/folders`)).body.items.find((folder: { id: number }) => folder.id === b.id).campaigns, 1);

    const other = await signedIn('folders-other');
    assert.equal((await other.client.request('PATCH', `${P}/folders/${a.id}`, { body: { name: 'Mine' } })).status, 404);
    assert.equal((await other.client.post(`${P}/folders/sort`, { ids: [a.id] })).status, 404);
    assert.equal((await update(other, filed.campaignId, { folder: null })).status, 404);
    const otherFolder = (await other.client.post(`${P}/folders`, { name: 'Theirs' })).body.folder;
    assert.equal((await update(ann, filed.campaignId, { folder: otherFolder.id })).status, 404);

    assert.equal((await ann.client.request('DELETE', `${P}/folders/${b.id}`)).status, 200);
    assert.equal((await ann.client.get(`${P}/campaign/${filed.campaignId}`)).body.campaign.folder, null);
  });

  it('lists with filters, 20 a page, and searches 5 at a time', async () => {
    const ann = await signedIn('listing');
    const listId = await list(ann, 'Listing list');
    const box = await mailbox(ann, 'listing-box@mailbox.test');
    for (let index = 0; index < 22; index += 1) await create(ann, `Batch ${String(index).padStart(2, '0')}`);
    const special = await create(ann, 'Special offer', { listId, senderEmailAccounts: [box] });

    const first = await ann.client.get(`${P}/campaigns`);
    assert.deepEqual([first.body.items.length, first.body.total, first.body.perPage], [20, 23, 20]);
    assert.equal((await ann.client.get(`${P}/campaigns?page=2`)).body.items.length, 3);
    const titled = await ann.client.get(`${P}/campaigns?title=${encodeURIComponent('special')}`);
    assert.deepEqual(titled.body.items.map((item: { campaignId: number }) => item.campaignId), [special.campaignId]);
    assert.deepEqual(titled.body.items[0].list, { id: listId, name: 'Listing list' });
    assert.deepEqual(titled.body.items[0].senders.email, [{ id: box, email: 'listing-box@mailbox.test' }]);
    assert.deepEqual(titled.body.items[0].stats, { sent: 0, opened: 0, clicked: 0, replied: 0, bounced: 0, openRate: null, clickRate: null, replyRate: null, bounceRate: null });
    const short = await ann.client.get(`${P}/campaigns?title=sp`);
    assert.deepEqual([short.status, keysOf(short)], [422, ['filter_campaign_title_too_short']]);
    assert.equal((await ann.client.get(`${P}/campaigns?listId=${listId}`)).body.total, 1);
    assert.equal((await ann.client.get(`${P}/campaigns?senderAccountId=${box}`)).body.total, 1);
    assert.equal((await ann.client.get(`${P}/campaigns?status=active`)).body.total, 0);
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await ann.client.get(`${P}/campaigns?createdFrom=${today}&createdTo=${today}`)).body.total, 23);
    assert.equal((await ann.client.get(`${P}/campaigns?createdTo=2000-01-01`)).body.total, 0);

    // Quick figures come from the whole-campaign rows of the daily counters.
    await exec(sql`insert into campaign_daily_stats (campaign_id, day, node_id, kind, count, unique_count) values
      (${special.campaignId}, '2030-01-01', '', 'sent', 10, 8), (${special.campaignId}, '2030-01-01', '', 'opened', 6, 4),
      (${special.campaignId}, '2030-01-01', 'e1', 'sent', 10, 8), (${special.campaignId}, '2030-01-02', '', 'replied', 1, 1)`);
    const stats = (await ann.client.get(`${P}/campaigns?title=special`)).body.items[0].stats;
    assert.deepEqual([stats.sent, stats.opened, stats.replied, stats.openRate, stats.replyRate], [10, 6, 1, 0.5, 0.125]);

    const search = await ann.client.get(`${P}/campaigns/search?q=batch`);
    assert.equal(search.body.items.length, 5);
  });

  it('copies a campaign with or without attachments and deletes one, saying what was cancelled', async () => {
    const ann = await signedIn('copy');
    const flowchart = goodFlowchart();
    const source = await create(ann, 'Original', { flowchart });
    // A file of the campaign (the email-content area's upload), named by the first email.
    const form = new FormData();
    for (const [key, value] of Object.entries({ campaignId: String(source.campaignId), blockId: 'e1', variant: '0' })) form.append(key, value);
    form.append('file', new Blob(['%PDF-1.4 offer'], { type: 'application/pdf' }), 'offer.pdf');
    const uploaded = await ann.client.request('POST', `${P}/email-content`, { form });
    assert.equal(uploaded.status, 200, uploaded.text);
    const email = flowchart.operators[1]!.block as { emails: ReturnType<typeof variant>[] };
    const { id, fileName, size, mimeType } = uploaded.body.attachments[0];
    email.emails[0]!.attachments = [{ id, fileName, size, mimeType }];
    assert.equal((await update(ann, source.campaignId, { flowchart })).status, 200);

    const plain = await ann.client.post(`${P}/campaign/${source.campaignId}/create-copy`, { withAttachments: false });
    assert.equal(plain.status, 200, plain.text);
    assert.equal(plain.body.campaign.title, 'Original (copy)');
    assert.equal(plain.body.campaign.status, 'new');
    assert.deepEqual(plain.body.campaign.flowchart.operators[1].block.emails[0].attachments, []);
    const full = await ann.client.post(`${P}/campaign/${source.campaignId}/create-copy`, { withAttachments: true });
    assert.equal(full.body.campaign.flowchart.operators[1].block.emails[0].attachments[0].fileName, 'offer.pdf');

    const removed = await ann.client.request('DELETE', `${P}/campaign/${plain.body.campaign.campaignId}`);
    assert.deepEqual(removed.body, { ok: true, cancelledMessages: 0, cancelledActions: 0 });
    assert.equal((await ann.client.get(`${P}/campaign/${plain.body.campaign.campaignId}`)).status, 404);
  });

  it('refuses a launch with every issue at once and writes nothing', async () => {
    const ann = await signedIn('refuse');
    const { campaignId } = await create(ann, 'Refused', { flowchart: goodFlowchart() });

    const bare = await setState(ann, campaignId, 'start');
    assert.equal(bare.status, 422, bare.text);
    assert.deepEqual(keysOf(bare), ['launch_choose_not_send_list', 'launch_choose_prospect_list', 'launch_no_email_accounts']);
    await untouched(campaignId);
    const check = await ann.client.post(`${P}/campaign/${campaignId}/launch-check`);
    assert.deepEqual(check.body.issues.map((issue: { key: string }) => issue.key).sort(), keysOf(bare));

    const listId = await list(ann, 'Refused list');
    const blacklist = await list(ann, 'Refused no-send');
    await prospect(ann, listId, 'Only One', 'only.one@example.com');
    const broken = await mailbox(ann, 'broken@mailbox.test', 'error');
    await update(ann, campaignId, { listId, blacklist, senderEmailAccounts: [broken] });
    const invalid = await setState(ann, campaignId, 'start');
    assert.deepEqual(keysOf(invalid), ['launch_invalid_email_accounts']);
    assert.deepEqual(launchIssueFromErrorItem(invalid.body.errors[0]), { key: 'launch_invalid_email_accounts', accountId: broken });
    await untouched(campaignId);

    // LinkedIn: no account, then each state that stops a launch.
    const good = await mailbox(ann, 'good@mailbox.test');
    await update(ann, campaignId, { senderEmailAccounts: [good], flowchart: linkedinFlowchart() });
    assert.deepEqual(keysOf(await setState(ann, campaignId, 'start')), ['launch_no_linkedin_accounts']);
    const states = {
      expired: 'launch_account_expired',
      verification_code: 'launch_account_need_email_verification',
      two_factor_code: 'launch_account_need_two_factor',
      lost_connection: 'launch_account_lost_connection',
    } as const;
    for (const [state, key] of Object.entries(states)) {
      const id = await slot(ann, state);
      await update(ann, campaignId, { senderLinkedinAccounts: [id] });
      const refused = await setState(ann, campaignId, 'start');
      assert.deepEqual([refused.status, keysOf(refused)], [422, [key]], state);
      assert.deepEqual(launchIssueFromErrorItem(refused.body.errors[0]).accountId, id);
    }
    const gone = await slot(ann, 'active');
    await update(ann, campaignId, { senderLinkedinAccounts: [gone] });
    await exec(sql`update linkedin_accounts set deleted_at = now() where id = ${gone}`);
    assert.deepEqual(keysOf(await setState(ann, campaignId, 'start')), ['launch_account_deleted']);
    await untouched(campaignId);
  });

  it('refuses crafted flowcharts with their block keys', async () => {
    const ann = await signedIn('crafted');
    const listId = await list(ann, 'Crafted list');
    const blacklist = await list(ann, 'Crafted no-send');
    await prospect(ann, listId, 'Crafted One', 'crafted.one@example.com');
    const box = await mailbox(ann, 'crafted@mailbox.test');
    const { campaignId } = await create(ann, 'Crafted', { listId, blacklist, senderEmailAccounts: [box] });

    const refusedWith = async (flowchart: Flowchart) => {
      const saved = await update(ann, campaignId, { flowchart });
      assert.equal(saved.status, 200, saved.text);
      const refused = await setState(ann, campaignId, 'start');
      assert.equal(refused.status, 422, refused.text);
      return refused.body.errors.map((error: { key: string; field?: string }) => launchIssueFromErrorItem(error as never));
    };

    const loop = goodFlowchart();
    loop.links.push({ from: 'e2', to: 'e1', output: 'next' });
    const looped = await refusedWith(loop);
    assert.ok(looped.some((issue: { key: string }) => issue.key === 'looped_flowchart'));

    const dangling = goodFlowchart();
    dangling.operators.push({ block: { id: 'alone', type: 'email', emails: [variant('Alone', '<p>Nobody links here</p>')] }, position: at(5, 5) });
    assert.deepEqual(await refusedWith(dangling), [{ key: 'not_connected_block', blockId: 'alone' }]);

    const oneBranch = goodFlowchart();
    oneBranch.links = oneBranch.links.filter((link) => link.output !== 'no');
    const branches = await refusedWith(oneBranch);
    assert.ok(branches.some((issue: { key: string; blockId?: string }) => issue.key === 'trigger_incomplete' && issue.blockId === 't1'));

    const unknown = goodFlowchart();
    (unknown.operators[1]!.block as { emails: ReturnType<typeof variant>[] }).emails = [variant('Hi {{nickname}}', '<p>Hello</p>')];
    assert.deepEqual(await refusedWith(unknown), [{ key: 'variable_not_exist', blockId: 'e1', variant: 0 }]);

    const tooMany = goodFlowchart();
    for (let index = 0; index < 200; index += 1) tooMany.operators.push({ block: { id: `x${index}`, type: 'delay', waiting_val: 1 }, position: at(index, index) });
    const big = await update(ann, campaignId, { flowchart: tooMany });
    assert.equal(big.status, 400);
    assert.equal(big.body.errors[0].key, 'field_too_long');
    await untouched(campaignId);
  });

  it('launches once: materialises the right recipients, then locks the structure', async () => {
    const ann = await signedIn('launch');
    const listId = await list(ann, 'Launch list');
    const blacklist = await list(ann, 'Launch no-send');
    const keep = await prospect(ann, listId, 'Keep Me', 'keep@gmail.com');
    const twin = await prospect(ann, listId, 'Keep Twin', 'KEEP@gmail.com');
    await prospect(ann, listId, 'Blocked', 'blocked@example.com');
    await prospect(ann, blacklist, 'Blocked entry', 'blocked@example.com');
    await prospect(ann, listId, 'Invalid', 'invalid@example.com', 'not_valid');
    const unsure = await prospect(ann, listId, 'Unsure', 'unsure@outlook.com', 'unknown');
    const tagged = await prospect(ann, listId, 'Tagged Out', 'tagged@example.com');
    const suppressed = await prospect(ann, listId, 'Unsubscribed', 'gone@example.com');
    await prospect(ann, listId, 'No Address', null);
    const skip = await tag(ann, 'Skip me', [tagged]);
    await exec(sql`insert into mail_suppressions (account_id, email, reason) values (${ann.user.accountId}, 'gone@example.com', 'unsubscribe')`);
    const box = await mailbox(ann, 'launch@mailbox.test');
    const { campaignId } = await create(ann, 'Launch', {
      flowchart: goodFlowchart(),
      listId,
      blacklist,
      senderEmailAccounts: [box],
      excludeTags: [skip],
      needToCheck: true,
      startAt: { date: '2099-01-01', time: '9:00 AM', timeZone: 'UTC' },
    });

    const counted = await ann.client.get(`/campaigns/${campaignId}/prospects`);
    assert.equal(counted.status, 200, counted.text);
    assert.deepEqual(counted.body, {
      listId,
      total: 8,
      willAdd: 2,
      toCheck: 1,
      skipped: { noEmail: 1, noSend: 2, duplicates: 1, usedInOtherCampaigns: 0, tags: 1, invalid: 1, catchAll: 0, notVerified: 0, needToCheck: 0 },
    });
    assert.deepEqual((await ann.client.post(`${P}/campaign/${campaignId}/launch-check`)).body, { issues: [], recipients: 2 });

    const launched = await setState(ann, campaignId, 'start');
    assert.equal(launched.status, 200, launched.text);
    assert.deepEqual([launched.body.campaign.status, launched.body.campaign.activeVersion], ['active', 1]);
    const recipients = await rows<{ prospect_id: number; status: string; provider: string; definition_version: number; node_id: string | null; next_run_at: Date }>(
      sql`select prospect_id, status, provider, definition_version, node_id, next_run_at from campaign_recipients where campaign_id = ${campaignId} order by prospect_id`,
    );
    assert.deepEqual(
      recipients.map((row) => [Number(row.prospect_id), row.status, row.provider, row.definition_version, row.node_id]),
      [
        [keep, 'active', 'gmail', 1, null],
        [unsure, 'tocheck', 'outlook', 1, null],
        [suppressed, 'nosend', 'other', 1, null],
      ],
    );
    assert.ok(!recipients.some((row) => Number(row.prospect_id) === twin));
    assert.equal(new Date(recipients[0]!.next_run_at).toISOString(), '2099-01-01T09:00:00.000Z');
    const [version] = await rows<{ graph: { startId: string; nodes: Record<string, { step: number; yes: string | null }> }; settings: { senders: { email: number[] } } }>(
      sql`select graph, settings from campaign_versions where campaign_id = ${campaignId} and version = 1`,
    );
    assert.equal(version!.graph.startId, 'start');
    assert.equal(version!.graph.nodes.t1!.yes, 'e2');
    assert.deepEqual(version!.settings.senders.email, [box]);

    // Launching again changes nothing; a second campaign on the same list skips running duplicates.
    assert.equal((await setState(ann, campaignId, 'start')).body.campaign.activeVersion, 1);
    const second = await create(ann, 'Second', { flowchart: goodFlowchart(), listId, blacklist, senderEmailAccounts: [box] });
    // keep, its twin, the to-check and the suppressed address are all in the running campaign.
    assert.equal((await ann.client.get(`/campaigns/${second.campaignId}/prospects`)).body.skipped.duplicates, 4);

    // Structure is locked; text is not, and becomes a new version with the same steps.
    const relinked = goodFlowchart();
    relinked.links = relinked.links.filter((link) => link.from !== 'd1');
    relinked.links.push({ from: 'e1', to: 't1', output: 'next' });
    const locked = await update(ann, campaignId, { flowchart: relinked });
    assert.deepEqual([locked.status, keysOf(locked)], [409, ['campaign_structure_locked']]);
    const added = goodFlowchart();
    added.operators.push({ block: { id: 'new', type: 'goal', goal_name: 'x' }, position: at(1, 1) });
    assert.equal((await update(ann, campaignId, { flowchart: added })).status, 409);
    const retexted = goodFlowchart();
    (retexted.operators[1]!.block as { emails: ReturnType<typeof variant>[] }).emails = [variant('New subject', '<p>New text</p>')];
    retexted.operators.reverse();
    const edited = await update(ann, campaignId, { flowchart: retexted });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.campaign.activeVersion, 2);
    const steps = await rows<{ version: number; step: number }>(
      sql`select version, (graph->'nodes'->'e1'->>'step')::int as step from campaign_versions where campaign_id = ${campaignId} order by version`,
    );
    assert.deepEqual(steps.map((row) => row.step), [steps[0]!.step, steps[0]!.step]);

    // States.
    assert.equal((await setState(ann, campaignId, 'pause')).body.campaign.status, 'pause');
    assert.equal((await setState(ann, campaignId, 'resume')).body.campaign.status, 'active');
    assert.equal((await setState(ann, campaignId, 'complete')).body.campaign.status, 'completed');
    const again = await setState(ann, campaignId, 'resume');
    assert.deepEqual([again.status, keysOf(again)], [409, ['campaign_state_invalid']]);
    assert.deepEqual(keysOf(await setState(ann, second.campaignId, 'pause')), ['campaign_state_invalid']);

    // The list deleted after launch shows on the campaign.
    await exec(sql`update prospect_lists set deleted_at = now() where id = ${listId}`);
    assert.equal((await ann.client.get(`${P}/campaign/${campaignId}`)).body.campaign.listDeleted, true);
    assert.equal((await ann.client.get(`${P}/campaigns?title=launch`)).body.items[0].listDeleted, true);
    assert.deepEqual(keysOf(await setState(ann, second.campaignId, 'start')), ['campaigns_list_deleted']);
  });

  it('refuses a launch that would reach nobody', async () => {
    const ann = await signedIn('nobody');
    const listId = await list(ann, 'Nobody list');
    const blacklist = await list(ann, 'Nobody no-send');
    await prospect(ann, listId, 'Invalid only', 'invalid-only@example.com', 'not_valid');
    const box = await mailbox(ann, 'nobody@mailbox.test');
    const { campaignId } = await create(ann, 'Nobody', { flowchart: goodFlowchart(), listId, blacklist, senderEmailAccounts: [box] });
    const refused = await setState(ann, campaignId, 'start');
    assert.deepEqual([refused.status, keysOf(refused)], [422, ['launch_no_recipients']]);
    await untouched(campaignId);
  });

  it('answers 404 for another tenant’s campaign on every call', async () => {
    const ann = await signedIn('tenant-a');
    const eve = await signedIn('tenant-b');
    const { campaignId } = await create(ann, 'Private');
    let checked = 0;
    for (const route of Object.values(campaignsRoutes)) {
      const usesId = route.path.includes(':id');
      const bodyId = route.path.endsWith('/campaign/set-state') || route.path.endsWith('/campaign/update') || route.path.endsWith('/campaign/save');
      if (!usesId && !bodyId) continue;
      if (route.path.includes('/folders/')) continue;
      const path = route.path.replace(':id', String(campaignId));
      const body =
        route.path.endsWith('/campaign/set-state') ? { campaignId, state: 'pause' }
        : route.path.endsWith('/campaign/update') ? { campaignId, title: 'Mine now' }
        : route.path.endsWith('/campaign/save') ? { campaignId, title: 'Mine now' }
        : route.path.endsWith('/create-copy') ? { withAttachments: false }
        : route.path.endsWith('/flowcharts') ? { flowchart: goodFlowchart() }
        : route.path.endsWith('/about') ? { title: 'Mine', folder: null, creationStep: 'sequence' }
        : route.path.endsWith('/time-settings') ? { schedule: null, startAt: null, completeAt: null }
        : route.path.endsWith('/sender-linkedin-accounts') ? { senderLinkedinAccounts: [] }
        : route.path.endsWith('/deals-settings') ? { enabled: false, event: 'replied', pipelineId: null, pipelineStageId: null, potentialValue: '1', potentialValueCurrency: null }
        : route.path.endsWith('/common-settings') ? (await ann.client.get(`${P}/campaign/${campaignId}/common-settings`)).body
        : undefined;
      const response = await eve.client.request(route.method, path, route.method === 'GET' ? {} : { body: body ?? {} });
      assert.equal(response.status, 404, `${route.method} ${route.path}: ${response.text}`);
      assert.equal(response.body.errors[0].key, 'not_found', route.path);
      checked += 1;
    }
    assert.ok(checked >= 20);
    assert.equal((await eve.client.get(`${P}/campaigns`)).body.total, 0);
    assert.equal((await ann.client.get(`${P}/campaign/${campaignId}`)).body.campaign.title, 'Private');
  });

  it('applies the team rules: own-records members see only theirs, view-all members read but do not change', async () => {
    const lead = await signedIn('team-lead', undefined, 'FREE');
    const joinCode = (await lead.client.post('/team/join-code')).body.joinCode as string;
    const own = await signedIn('team-own', joinCode);
    const viewer = await signedIn('team-viewer', joinCode);
    await t.database.db.update(subscriptions).set({ planName: 'DC', endsAt: null }).where(eq(subscriptions.accountId, lead.user.accountId));
    const grouped = await lead.client.request('PUT', `/team/members/${viewer.user.id}/group`, { body: { group: 'Team records' } });
    assert.equal(grouped.status, 200, grouped.text);
    await lead.client.request('PUT', `/team/members/${own.user.id}/group`, { body: { group: 'Only own record' } });

    const leads = await create(lead, 'Lead campaign');
    const owns = await create(own, 'Member campaign');

    const ownInfo = await own.client.get('/campaigns/user-info');
    assert.equal(ownInfo.status, 200, ownInfo.text);
    assert.equal(ownInfo.body.showOwnerFilter, false);
    assert.equal((await lead.client.get('/campaigns/user-info')).body.showOwnerFilter, true);
    // The owner filter is ignored for them: they see their own whatever they ask for.
    const ownList = await own.client.get(`${P}/campaigns?ownerId=${lead.user.id}`);
    assert.deepEqual(ownList.body.items.map((item: { campaignId: number }) => item.campaignId), [owns.campaignId]);
    assert.equal((await own.client.get(`${P}/campaign/${leads.campaignId}`)).status, 404);

    const leadView = await lead.client.get(`${P}/campaigns`);
    assert.deepEqual(leadView.body.items.map((item: { campaignId: number }) => item.campaignId).sort(), [leads.campaignId, owns.campaignId].sort());
    assert.deepEqual((await lead.client.get(`${P}/campaigns?ownerId=${own.user.id}`)).body.items.map((item: { title: string }) => item.title), ['Member campaign']);
    assert.equal((await update(lead, owns.campaignId, { title: 'Edited by lead' })).status, 200);

    const seen = await viewer.client.get(`${P}/campaign/${leads.campaignId}`);
    assert.deepEqual([seen.status, seen.body.campaign.editable], [200, false]);
    const refused = await update(viewer, leads.campaignId, { title: 'Not mine' });
    assert.deepEqual([refused.status, keysOf(refused)], [403, ['campaign_not_editable']]);
    assert.equal((await viewer.client.request('DELETE', `${P}/campaign/${leads.campaignId}`)).status, 403);

    // Lists and mailboxes the wizard offers follow the same rules.
    const leadList = await list(lead, 'Lead list');
    await list(own, 'Own list');
    const ownLists = (await own.client.get('/team/prospect-lists')).body.items.map((item: { name: string }) => item.name);
    assert.deepEqual(ownLists, ['Own list']);
    const leadLists = (await lead.client.get('/team/prospect-lists')).body.items.map((item: { id: number; isOwn: boolean }) => [item.id === leadList, item.isOwn]);
    assert.ok(leadLists.some(([mine, isOwn]: boolean[]) => mine && isOwn));
    assert.equal((await update(own, owns.campaignId, { listId: leadList })).body.errors[0].key, 'list_not_found');

    const shared = await mailbox(lead, 'shared@mailbox.test');
    await exec(sql`update email_accounts set shared_with_team = true where id = ${shared}`);
    await mailbox(lead, 'private@mailbox.test');
    const offered = (await own.client.get('/campaigns/sender-accounts')).body.email.map((item: { email: string; isOwn: boolean }) => [item.email, item.isOwn]);
    assert.deepEqual(offered, [['shared@mailbox.test', false]]);
    assert.equal((await update(own, owns.campaignId, { senderEmailAccounts: [shared] })).status, 200);
  });

  it('answers the wizard’s helpers: user info, sender checks, mailboxes ever had, tips', async () => {
    const ann = await signedIn('helpers');
    await exec(sql`insert into custom_fields (user_id, name) values (${ann.user.id}, 'Favourite colour')`);
    const info = await ann.client.get('/campaigns/user-info');
    assert.equal(info.body.planTier, 'paid');
    assert.ok(info.body.variables.some((variable: { name: string; source: string }) => variable.name === 'Favourite colour' && variable.source === 'custom'));
    assert.ok(info.body.variables.some((variable: { name: string }) => variable.name === 'firstName'));

    const good = await mailbox(ann, 'helpers-good@mailbox.test');
    const bad = await mailbox(ann, 'helpers-bad@mailbox.test', 'reconnect');
    const expired = await slot(ann, 'expired');
    const { campaignId } = await create(ann, 'Helpers', { flowchart: goodFlowchart(), senderEmailAccounts: [good, bad], senderLinkedinAccounts: [expired] });
    const checked = await ann.client.post(`/campaigns/${campaignId}/check-accounts`);
    assert.equal(checked.status, 200, checked.text);
    assert.deepEqual(checked.body.email.map((item: { id: number; valid: boolean }) => [item.id, item.valid]), [[good, true], [bad, false]]);
    assert.deepEqual(checked.body.linkedin.map((item: { issueKey: string }) => item.issueKey), ['launch_account_expired']);
    assert.deepEqual(checked.body.issues, [{ key: 'launch_invalid_email_accounts', accountId: bad }]);

    await update(ann, campaignId, { senderEmailAccounts: [good] });
    const ever = await ann.client.get(`/campaigns/email-accounts-ever-had/${campaignId}`);
    assert.deepEqual(ever.body.items.map((item: { id: number; current: boolean }) => [item.id, item.current]).sort(), [[good, true], [bad, false]].sort());

    const tips = await ann.client.get(`${P}/tips`);
    assert.ok(tips.body.items.length > 0);
  });
});
