/**
 * Archiving campaigns over real HTTP: only a completed campaign is archived (set-state archive),
 * an archived one sends nothing and leaves the default list (the status filter shows it), and
 * unarchiving gives back a completed campaign. The durable `campaigns.archive` job archives
 * completed campaigns `archivedInMonth` months after completion (0 = never), run by pg-boss.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { idempotentJobId } from '../../jobs/queue';
import { waitFor } from '../../jobs/test-fixtures/databases';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { ARCHIVE_TICK_MS, CAMPAIGN_ARCHIVE_JOB } from './jobs';
import { archiveDueCampaigns } from './repository';
import { P, campaignWorld } from './test-world';

describe('archiving campaigns by hand', () => {
  let t: TestApp;
  let w: ReturnType<typeof campaignWorld>;

  before(async () => {
    t = await startTestApp({ jobs: false });
    w = campaignWorld(t);
  });
  after(() => t?.close());

  it('archives only a completed campaign, sends nothing while archived, and unarchives it to completed', async () => {
    const ann = await w.signedIn('archive');
    const a = await w.launched(ann, 'Archive me', ['archive-one@example.com', 'archive-two@example.com']);
    const draft = await w.create(ann, 'Archive draft');

    // Running, paused and draft campaigns are not archived: they are completed first.
    for (const id of [a.campaignId, draft.campaignId]) {
      const refused = await w.setState(ann, id, 'archive');
      assert.deepEqual([refused.status, w.keysOf(refused)], [409, ['campaign_state_invalid']]);
    }
    assert.equal((await w.setState(ann, a.campaignId, 'pause')).body.campaign.status, 'pause');
    assert.deepEqual(w.keysOf(await w.setState(ann, a.campaignId, 'archive')), ['campaign_state_invalid']);
    assert.deepEqual(w.keysOf(await w.setState(ann, a.campaignId, 'unarchive')), ['campaign_state_invalid']);
    const completed = (await w.setState(ann, a.campaignId, 'complete')).body.campaign;
    assert.equal(completed.status, 'completed');
    const folder = (await ann.client.post(`${P}/folders`, { name: 'Done' })).body.folder;
    const filed = await ann.client.request('PATCH', `${P}/campaign/update`, { body: { campaignId: a.campaignId, folder: folder.id } });
    assert.equal(filed.status, 200, filed.text);
    const folderCount = async () =>
      (await ann.client.get(`${P}/folders`)).body.items.find((item: { id: number }) => item.id === folder.id).campaigns;
    assert.equal(await folderCount(), 1);

    const archived = await w.setState(ann, a.campaignId, 'archive');
    assert.equal(archived.status, 200, archived.text);
    assert.equal(archived.body.campaign.status, 'archived');
    assert.equal(archived.body.campaign.completedAt, completed.completedAt);
    // Archiving twice changes nothing; nothing but unarchive leaves the archive.
    assert.equal((await w.setState(ann, a.campaignId, 'archive')).body.campaign.status, 'archived');
    for (const state of ['start', 'resume', 'pause', 'complete']) {
      assert.deepEqual(w.keysOf(await w.setState(ann, a.campaignId, state)), ['campaign_state_invalid'], state);
    }

    // Out of the default list; the status filter shows it.
    const titles = async (query: string) =>
      (await ann.client.get(`${P}/campaigns${query}`)).body.items.map((item: { title: string }) => item.title);
    assert.deepEqual(await titles(''), ['Archive draft']);
    assert.deepEqual(await titles('?status=archived'), ['Archive me']);
    // A folder counts what its default list shows.
    assert.equal(await folderCount(), 0);

    // An archived campaign sends nothing: its due recipients are not claimed.
    await w.exec(
      sql`update campaign_recipients set next_run_at = now() - interval '1 minute' where campaign_id = ${a.campaignId}`,
    );
    await t.app.services.campaignExecutor.engine.tick({ budgetMs: 20_000 });
    const [steps] = await w.rows<{ n: number }>(
      sql`select count(*)::int as n from campaign_recipient_steps where campaign_id = ${a.campaignId}`,
    );
    const [mail] = await w.rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbound where campaign_id = ${a.campaignId}`,
    );
    assert.deepEqual([steps!.n, mail!.n], [0, 0]);

    // Another tenant's campaign is not_found, archived or not.
    const eve = await w.signedIn('archive-eve');
    assert.deepEqual(w.keysOf(await w.setState(eve, a.campaignId, 'unarchive')), ['not_found']);

    const back = await w.setState(ann, a.campaignId, 'unarchive');
    assert.equal(back.status, 200, back.text);
    assert.deepEqual([back.body.campaign.status, back.body.campaign.completedAt], ['completed', completed.completedAt]);
    assert.deepEqual(await titles(''), ['Archive draft', 'Archive me']);
    assert.equal(await folderCount(), 1);
    // The job does not undo the user's choice: a campaign unarchived by hand is not archived again.
    const yearLater = new Date(Date.now() + 365 * 24 * 3_600_000);
    assert.deepEqual(await archiveDueCampaigns(t.database.db, yearLater, 1), []);
  });
});

describe('the campaigns.archive job', () => {
  let t: TestApp;
  let w: ReturnType<typeof campaignWorld>;

  before(async () => {
    // Jobs on: pg-boss runs the area's jobs in this process, as the embedded server does.
    t = await startTestApp();
    w = campaignWorld(t);
  });
  after(() => t?.close());

  it('archives completed campaigns archivedInMonth months after completion, 0 never, and queues its next run', async () => {
    const ann = await w.signedIn('archive-job');
    const completedAgo = async (title: string, days: number, archivedInMonth?: number) => {
      const { campaignId } = await w.create(ann, title, archivedInMonth === undefined ? {} : { archivedInMonth });
      await w.exec(sql`update campaigns set status = 'completed', active_version = 1, launched_at = now() - interval '1 year',
                         completed_at = now() - make_interval(days => ${days}) where id = ${campaignId}`);
      return campaignId;
    };
    const due = await completedAgo('Due by default', 40);
    const never = await completedAgo('Never archived', 400, 0);
    const recent = await completedAgo('Completed recently', 10);
    const longer = await completedAgo('Three months', 70, 3);
    const overdue = await completedAgo('Three months over', 100, 3);
    const { campaignId: running } = await w.create(ann, 'Still a draft');
    await w.exec(sql`update campaigns set completed_at = now() - interval '1 year' where id = ${running}`);

    const slot = Math.floor(Date.now() / ARCHIVE_TICK_MS);
    const jobId = await t.app.jobs!.enqueue(CAMPAIGN_ARCHIVE_JOB, { slot }, { idempotencyKey: `test:${slot}` });
    assert.ok(jobId);
    await waitFor(
      async () => ((await t.app.jobs!.getJob(CAMPAIGN_ARCHIVE_JOB, jobId))?.state === 'completed' ? true : undefined),
      {
        what: 'the archive job to complete',
        timeoutMs: 60_000,
      },
    );

    const statuses = await w.rows<{ id: number; status: string; archived: boolean }>(
      sql`select id, status, archived_at is not null as archived from campaigns where id in (${due}, ${never}, ${recent}, ${longer}, ${overdue}, ${running}) order by id`,
    );
    assert.deepEqual(
      statuses.map((row) => [Number(row.id), row.status, row.archived]),
      [
        [due, 'archived', true],
        [never, 'completed', false],
        [recent, 'completed', false],
        [longer, 'completed', false],
        [overdue, 'archived', true],
        [running, 'new', false],
      ],
    );
    // The chain goes on: the next hour's run is queued, once (keyed by its slot).
    const next = await t.app.jobs!.getJob(CAMPAIGN_ARCHIVE_JOB, idempotentJobId(CAMPAIGN_ARCHIVE_JOB, `tick:${slot + 1}`));
    assert.ok(next, 'the next slot is queued');
    assert.equal(next.state, 'created');
  });
});
