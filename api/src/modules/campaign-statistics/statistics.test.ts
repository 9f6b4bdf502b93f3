/**
 * Campaign statistics over real HTTP, from events recorded the way the executor records them:
 * totals and rates (delivered = sent − bounced; unique counts), the per-block funnel, the daily
 * chart, recipients per status, the CSV export, the dashboard charts and tables, the team
 * statistics with its role rule, and another tenant's campaign answering 404.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CAMPAIGN_EVENT_KINDS, EMAIL_EVENT_KINDS, encodeRecipientFilter } from '@leadforge/contracts';
import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { seedCampaign, signUp, type Person, type RecipientSeed } from '../campaign-recipients/test-fixture';

const STATS = '/pipelines/api/statistics';
const DASHBOARD = '/pipelines/api/dashboard';

const day = (date: string, hour = 10) => `${date}T${String(hour).padStart(2, '0')}:00:00Z`;

/** Six recipients whose events make every figure of the totals non-trivial. */
const WORLD: RecipientSeed[] = [
  {
    name: 'Ada',
    email: 'ada@acme.test',
    status: 'reply',
    nodeId: 'e2',
    steps: ['start', 'e1', 'd1', 'e2'],
    events: [
      { kind: 'sent', nodeId: 'e1', at: day('2026-03-02') },
      { kind: 'opened', nodeId: 'e1', at: day('2026-03-02', 11) },
      { kind: 'opened', nodeId: 'e1', at: day('2026-03-03') },
      { kind: 'clicked', nodeId: 'e1', at: day('2026-03-03', 11) },
      { kind: 'sent', nodeId: 'e2', at: day('2026-03-04') },
      { kind: 'replied', nodeId: 'e2', at: day('2026-03-04', 12) },
    ],
  },
  {
    name: 'Ben',
    email: 'ben@acme.test',
    status: 'bounce',
    nodeId: 'e1',
    steps: ['start', 'e1'],
    events: [
      { kind: 'sent', nodeId: 'e1', at: day('2026-03-02') },
      { kind: 'bounced', nodeId: 'e1', at: day('2026-03-02', 11) },
    ],
  },
  {
    name: 'Cy',
    email: 'cy@acme.test',
    status: 'unsubscribe',
    nodeId: 'e1',
    steps: ['start', 'e1'],
    events: [
      { kind: 'sent', nodeId: 'e1', at: day('2026-03-02') },
      { kind: 'auto_replied', nodeId: 'e1', at: day('2026-03-02', 12) },
      { kind: 'opened', nodeId: 'e1', at: day('2026-03-03') },
      { kind: 'unsubscribed', nodeId: 'e1', at: day('2026-03-03', 12) },
    ],
  },
  {
    name: 'Dee',
    linkedinUrl: 'https://www.linkedin.com/in/dee',
    events: [
      { kind: 'linkedin_visit', at: day('2026-03-02') },
      { kind: 'linkedin_invite', at: day('2026-03-03') },
      { kind: 'linkedin_invite_accepted', at: day('2026-03-04') },
    ],
  },
  { name: 'Eve', email: 'eve@acme.test', nodeId: 'd1', steps: ['start', 'e1', 'd1'] },
  { name: 'Fay', email: 'fay@acme.test', status: 'processing', nodeId: 'e1', steps: ['start', 'e1'] },
];

describe('campaign statistics over HTTP', () => {
  let t: TestApp;
  let alice: Person;
  let bob: Person;
  let main: number;
  let linkedinOnly: number;
  let bobsCampaign: number;

  before(async () => {
    t = await startTestApp({ jobs: false });
    alice = await signUp(t, 'alice');
    bob = await signUp(t, 'bob');
    main = (await seedCampaign(t.database.db, alice, { title: 'Spring outreach', recipients: WORLD })).campaignId;
    linkedinOnly = (
      await seedCampaign(t.database.db, alice, {
        title: 'Network only',
        recipients: [{ name: 'Lin', linkedinUrl: 'https://www.linkedin.com/in/lin', events: [{ kind: 'linkedin_visit', at: day('2026-03-03') }] }],
      })
    ).campaignId;
    bobsCampaign = (
      await seedCampaign(t.database.db, bob, {
        title: 'Bob outreach',
        recipients: [{ name: 'Bo', email: 'bo@acme.test', events: [{ kind: 'sent', nodeId: 'e1', at: day('2026-03-02') }] }],
      })
    ).campaignId;
  });
  after(() => t?.close());

  it('totals a campaign from its events: delivered is sent minus bounced, rates over unique recipients', async () => {
    const response = await alice.client.get(`${STATS}/campaign-totals/${main}`);
    assert.equal(response.status, 200, response.text);
    const { figures, delivered, rates, recipients } = response.body;
    assert.equal(recipients, 6);
    assert.deepEqual(figures.sent, { count: 4, unique: 3 });
    assert.deepEqual(figures.bounced, { count: 1, unique: 1 });
    assert.deepEqual(delivered, { count: 3, unique: 2 });
    assert.deepEqual(figures.opened, { count: 3, unique: 2 });
    assert.deepEqual(
      ['clicked', 'replied', 'auto_replied', 'unsubscribed', 'linkedin_visit', 'linkedin_invite', 'linkedin_invite_accepted'].map((kind) => figures[kind].unique),
      [1, 1, 1, 1, 1, 1, 1],
    );
    assert.deepEqual(figures.complained, { count: 0, unique: 0 });
    assert.deepEqual(rates, {
      delivery: 0.6667,
      open: 1,
      click: 0.5,
      reply: 0.5,
      autoReply: 0.5,
      bounce: 0.3333,
      unsubscribe: 0.5,
      linkedinAccept: 1,
    });
  });

  it('counts per block for the flowchart: who is there now, who entered, and what happened there', async () => {
    const response = await alice.client.get(`${STATS}/flowchart/${main}`);
    assert.equal(response.status, 200, response.text);
    const blocks = response.body.blocks as { blockId: string; current: number; entered: number; figures: Record<string, { count: number; unique: number }> }[];
    assert.deepEqual(
      blocks.map((block) => [block.blockId, block.current, block.entered]),
      [
        ['start', 0, 5],
        ['e1', 1, 5],
        ['d1', 1, 2],
        ['e2', 0, 1],
        ['g1', 0, 0],
      ],
    );
    const e1 = blocks.find((block) => block.blockId === 'e1')!.figures;
    assert.deepEqual([e1.sent, e1.opened, e1.bounced, e1.replied], [{ count: 3, unique: 3 }, { count: 3, unique: 2 }, { count: 1, unique: 1 }, { count: 0, unique: 0 }]);
    const e2 = blocks.find((block) => block.blockId === 'e2')!.figures;
    assert.deepEqual([e2.sent, e2.replied], [{ count: 1, unique: 1 }, { count: 1, unique: 1 }]);
  });

  it('charts events per day and kind, every day of the range present', async () => {
    const response = await alice.client.get(`${STATS}/daily/${main}`, { query: { from: '2026-03-01', to: '2026-03-04' } });
    assert.equal(response.status, 200, response.text);
    const points = response.body.points as { day: string; kind: string; count: number; unique: number }[];
    assert.equal(points.length, 4 * CAMPAIGN_EVENT_KINDS.length);
    const at = (date: string, kind: string) => points.find((point) => point.day === date && point.kind === kind);
    assert.deepEqual(at('2026-03-01', 'sent'), { day: '2026-03-01', kind: 'sent', count: 0, unique: 0 });
    assert.deepEqual(at('2026-03-02', 'sent'), { day: '2026-03-02', kind: 'sent', count: 3, unique: 3 });
    // Ada's second email is a send but not a new recipient.
    assert.deepEqual(at('2026-03-04', 'sent'), { day: '2026-03-04', kind: 'sent', count: 1, unique: 0 });
    assert.deepEqual(at('2026-03-03', 'opened'), { day: '2026-03-03', kind: 'opened', count: 2, unique: 1 });

    const byDefault = await alice.client.get(`${STATS}/daily/${main}`);
    assert.equal(byDefault.status, 200);
    assert.equal(byDefault.body.points.length, 30 * CAMPAIGN_EVENT_KINDS.length);
    const tooLong = await alice.client.get(`${STATS}/daily/${main}`, { query: { from: '2024-01-01', to: '2026-03-04' } });
    assert.equal(tooLong.status, 400);
    assert.equal(tooLong.body.errors[0].key, 'field_invalid');
    assert.equal((await alice.client.get(`${STATS}/daily/${main}`, { query: { from: '2026-03-05', to: '2026-03-04' } })).status, 400);
    assert.equal((await alice.client.get(`${STATS}/daily/${main}`, { query: { from: 'yesterday' } })).status, 400);
  });

  it('counts recipients per status, processing as active', async () => {
    const response = await alice.client.get(`${STATS}/recipients/${main}`);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.total, 6);
    const { active, reply, bounce, unsubscribe, pause } = response.body.byStatus;
    assert.deepEqual({ active, reply, bounce, unsubscribe, pause }, { active: 3, reply: 1, bounce: 1, unsubscribe: 1, pause: 0 });
    assert.equal('processing' in response.body.byStatus, false);
  });

  it('exports the recipients with their figures as CSV, filtered like the table, formulas defused', async () => {
    const response = await alice.client.get(`${STATS}/exports/${main}`);
    assert.equal(response.status, 200, response.text);
    assert.match(response.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(response.headers.get('content-disposition') ?? '', /attachment; filename="Spring_outreach-\d+-recipients\.csv"/);
    const lines = response.text.replace(/^\uFEFF/, '').trim().split('\n');
    assert.equal(lines.length, 7);
    assert.ok(lines[0]!.startsWith('id,prospect,email_address,linkedin_url,status,'));
    const ada = lines.find((line) => line.includes(',Ada,'))!.split(',');
    assert.deepEqual([ada[2], ada[4], ada[7], ada[8], ada[9], ada[10]], ['ada@acme.test', 'reply', '2', '2', '1', '1']);
    assert.ok(lines.some((line) => line.includes(',Fay,fay@acme.test,,active,')), 'processing is exported as active');

    const bounced = await alice.client.get(`${STATS}/exports/${main}`, { query: { filter: encodeRecipientFilter({ status: ['bounce'] }) } });
    assert.equal(bounced.text.trim().split('\n').length, 2);

    const hostile = await seedCampaign(t.database.db, alice, { title: '=Evil', recipients: [{ name: '=HYPERLINK("http://x.test")', email: 'h@acme.test' }] });
    const defused = await alice.client.get(`${STATS}/exports/${hostile.campaignId}`);
    assert.ok(defused.text.includes(`"'=HYPERLINK(""http://x.test"")"`), defused.text);
    assert.match(defused.headers.get('content-disposition') ?? '', /filename="Evil-\d+-recipients\.csv"/);
  });

  it("answers 404 for another tenant's campaign on every statistics call", async () => {
    for (const path of ['campaign-totals', 'flowchart', 'daily', 'recipients', 'exports']) {
      const response = await bob.client.get(`${STATS}/${path}/${main}`);
      assert.equal(response.status, 404, `${path}: ${response.text}`);
      assert.equal(response.body.errors[0].key, 'not_found');
    }
    assert.equal((await alice.client.get(`${STATS}/campaign-totals/999999999`)).status, 404);
  });

  it('draws the dashboard charts of a channel over the campaigns the caller sees', async () => {
    const range = { from: '2026-03-02', to: '2026-03-04' };
    const email = await alice.client.post(`${DASHBOARD}/email/charts`, range);
    assert.equal(email.status, 200, email.text);
    assert.equal(email.body.points.length, 3 * EMAIL_EVENT_KINDS.length);
    // Bob's send the same day is not Alice's.
    assert.deepEqual(
      email.body.points.find((point: { day: string; kind: string }) => point.day === '2026-03-02' && point.kind === 'sent'),
      { day: '2026-03-02', kind: 'sent', count: 3, unique: 3 },
    );
    const linkedin = await alice.client.post(`${DASHBOARD}/linkedin/charts`, range);
    const visits = linkedin.body.points.filter((point: { kind: string; count: number }) => point.kind === 'linkedin_visit' && point.count > 0);
    assert.deepEqual(
      visits.map((point: { day: string; count: number }) => [point.day, point.count]),
      [
        ['2026-03-02', 1],
        ['2026-03-03', 1],
      ],
    );
    assert.ok(linkedin.body.points.every((point: { kind: string }) => point.kind.startsWith('linkedin_')));
    const summary = await alice.client.post(`${DASHBOARD}/summary/charts`, { ...range, campaignIds: [linkedinOnly] });
    assert.equal(summary.body.points.reduce((sum: number, point: { count: number }) => sum + point.count, 0), 1);
    assert.equal((await alice.client.post(`${DASHBOARD}/email/charts`, { from: '2026-03-04', to: '2026-03-02' })).status, 400);
  });

  it('tables campaigns with figures and rates per channel, and adds them up', async () => {
    const range = { from: '2026-03-01', to: '2026-03-31' };
    const email = await alice.client.post(`${DASHBOARD}/email/tables`, range);
    assert.equal(email.status, 200, email.text);
    assert.deepEqual(
      email.body.rows.map((row: { campaignId: number; title: string }) => [row.campaignId, row.title]),
      [[main, 'Spring outreach']],
    );
    assert.deepEqual(email.body.rows[0].delivered, { count: 3, unique: 2 });
    assert.equal(email.body.total.figures.sent.count, 4);
    const linkedin = await alice.client.post(`${DASHBOARD}/linkedin/tables`, range);
    assert.deepEqual(
      linkedin.body.rows.map((row: { campaignId: number }) => row.campaignId),
      [main, linkedinOnly],
    );
    assert.equal(linkedin.body.total.figures.linkedin_visit.count, 2);
    const summary = await alice.client.post(`${DASHBOARD}/summary/tables`, { ...range, userIds: [alice.userId, bob.userId] });
    assert.deepEqual(summary.body.rows.map((row: { campaignId: number }) => row.campaignId).sort(), [main, linkedinOnly].sort());
    assert.ok(!summary.body.rows.some((row: { campaignId: number }) => row.campaignId === bobsCampaign));
    const onlyBob = await alice.client.post(`${DASHBOARD}/summary/tables`, { ...range, userIds: [bob.userId] });
    assert.deepEqual(onlyBob.body.rows, []);
    const march = await alice.client.post(`${DASHBOARD}/email/tables`, { from: '2026-04-01', to: '2026-04-30' });
    assert.deepEqual(march.body.rows, []);
    assert.equal(march.body.total.rates.open, 0);
  });

  it('gives a team lead figures per member and everyone else only their own', async () => {
    const lead = await signUp(t, 'lead');
    await t.database.db.update(subscriptions).set({ planName: 'FREE', endsAt: null }).where(eq(subscriptions.accountId, lead.accountId));
    const joinCode = (await lead.client.post('/team/join-code')).body.joinCode as string;
    const member = await signUp(t, 'member', joinCode);
    await seedCampaign(t.database.db, lead, { title: 'Lead campaign', recipients: [{ name: 'L1', email: 'l1@acme.test', events: [{ kind: 'sent', nodeId: 'e1', at: day('2026-03-02') }] }] });
    const memberCampaign = await seedCampaign(t.database.db, member, {
      title: 'Member campaign',
      recipients: [
        { name: 'M1', email: 'm1@acme.test', events: [{ kind: 'sent', nodeId: 'e1', at: day('2026-03-02') }, { kind: 'replied', nodeId: 'e1', at: day('2026-03-03') }] },
        { name: 'M2', email: 'm2@acme.test', events: [{ kind: 'sent', nodeId: 'e1', at: day('2026-03-02') }] },
      ],
    });
    const range = { from: '2026-03-01', to: '2026-03-31' };

    const forLead = await lead.client.post('/team/statistics', range);
    assert.equal(forLead.status, 200, forLead.text);
    assert.deepEqual(
      forLead.body.members.map((m: { userId: number; isLead: boolean; campaigns: number; figures: { sent: { count: number } }; rates: { reply: number } }) => [
        m.userId,
        m.isLead,
        m.campaigns,
        m.figures.sent.count,
        m.rates.reply,
      ]),
      [
        [lead.userId, true, 1, 1, 0],
        [member.userId, false, 1, 2, 0.5],
      ],
    );
    const forMember = await member.client.post('/team/statistics', range);
    assert.deepEqual(
      forMember.body.members.map((m: { userId: number }) => m.userId),
      [member.userId],
    );
    const solo = await alice.client.post('/team/statistics', range);
    assert.deepEqual(
      solo.body.members.map((m: { userId: number; figures: { sent: { count: number } } }) => [m.userId, m.figures.sent.count]),
      [[alice.userId, 4]],
    );

    // The lead reads a member's campaign; a member limited to own records does not read the lead's.
    assert.equal((await lead.client.get(`${STATS}/campaign-totals/${memberCampaign.campaignId}`)).status, 200);
    const leadDashboard = await lead.client.post(`${DASHBOARD}/email/tables`, { ...range, userIds: [member.userId] });
    assert.deepEqual(leadDashboard.body.rows.map((row: { campaignId: number }) => row.campaignId), [memberCampaign.campaignId]);
  });
});
