/**
 * Profile reads of a social-url import are visits (profile-reads.ts), over real HTTP with the job
 * queue running on the sandbox network: each read takes one visit of the account's day on the
 * runner's counters; once the day's visits are used up the import waits, queued with the reason,
 * for the next day, and the account's usage shows the visits; started again with a higher limit,
 * it goes on from where it waited.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { PushEvent } from '@leadforge/contracts';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { linkedinAccounts } from '../../../db/schema/social';
import { insertLinkedinAccount } from '../../../modules/finder/test-linkedin-accounts';
import { connectClient, type TestClient as PushClient } from '../../../realtime/test-fixtures/clients';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../../test-support/test-app';
import { reserveVisit } from './profile-reads';

const IMPORTS = '/linkedin-search/social-url-imports';
const WAIT_MS = 30_000;
const CSV = [
  'name,url',
  'Jane,https://www.linkedin.com/in/jane-doe-42',
  'Max,https://www.linkedin.com/in/max-mustermann',
  'Ada,https://www.linkedin.com/in/ada-lovelace-1815',
  'Gone,https://www.linkedin.com/in/unavailable-abc123',
].join('\n');

type Progress = Extract<PushEvent, { type: 'job.progress' }>['payload'];

/** The next progress push of the import in one of `states`. */
async function progressOf(socket: PushClient, importId: number, states: readonly string[]): Promise<Progress> {
  for (;;) {
    const event = await socket.nextPush(WAIT_MS);
    if (event.type === 'job.progress' && event.payload.jobId === `finder-social-url-${importId}` && states.includes(event.payload.state)) return event.payload;
  }
}

describe('profile reads of social-url imports count as visits', () => {
  let t: TestApp;

  before(async () => {
    t = await startTestApp();
  });
  after(() => t?.close());

  async function visitsCounted(linkedinAccountId: number): Promise<number> {
    const result = await t.database.db.execute(
      sql`select coalesce(sum(count), 0)::int as n from linkedin_daily_usage where linkedin_account_id = ${linkedinAccountId} and action = 'visit'`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  it('takes one visit per profile read and waits for the next day once the visits are used up', async () => {
    const client = t.client();
    const email = uniqueEmail('visits');
    await client.register({ email, password: STRONG_PASSWORD, name: 'Visits Finder' });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const accountId = await insertLinkedinAccount(t, { id: user!.id, accountId: user!.accountId });
    // Three visits a day on UTC's calendar, one of them already used today (by a campaign, say).
    const [account] = await t.database.db.select().from(linkedinAccounts).where(eq(linkedinAccounts.id, accountId));
    await t.database.db
      .update(linkedinAccounts)
      .set({ timezone: 'UTC', warmUp: false, limits: { ...(account!.limits as Record<string, number>), visit: 3 } })
      .where(eq(linkedinAccounts.id, accountId));
    const earlier = await reserveVisit(t.database.db, accountId, new Date());
    assert.equal(earlier.kind, 'reserved');

    const list = await client.post('/lists/add', { type: 'prospect', name: 'Visited people' });
    const created = await client.post(IMPORTS, { fileName: 'people.csv', csv: CSV, prospectsListId: list.body.id });
    assert.equal(created.status, 200, created.text);
    const id = created.body.id as number;
    assert.equal(created.body.linksCount, 4);

    const socket = await connectClient(t.url, client.cookieHeader());
    try {
      const started = await client.post(`${IMPORTS}/${id}/import`, { accountId });
      assert.equal(started.status, 200, started.text);
      // Two links read (two visits), then the day's visits are used up: it waits, queued.
      await progressOf(socket, id, ['active']);
      const waiting = await progressOf(socket, id, ['queued', 'completed', 'failed', 'cancelled']);
      assert.deepEqual([waiting.state, waiting.processed, waiting.total], ['queued', 2, 4]);
      const view = (await client.get(`${IMPORTS}/${id}`)).body;
      assert.deepEqual([view.status, view.statusReason, view.linksRead], ['queued', 'linkedin_daily_limit_reached', 2]);
      assert.equal(await visitsCounted(accountId), 3);
      const shown = (await client.get(`/pipelines/api/linkedin-accounts/${accountId}`)).body.account;
      assert.equal(shown.doneToday.visit, 3);

      // No visit is left for anyone today; the count starts again at the next UTC midnight.
      const now = new Date();
      const refused = await reserveVisit(t.database.db, accountId, now);
      assert.equal(refused.kind, 'refused');
      assert.ok(refused.kind === 'refused' && refused.reason === 'linkedin_daily_limit_reached');
      assert.equal(refused.notBefore.toISOString(), new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString());

      // The user raises the limit and starts it again: it goes on from the third link.
      const raised = await client.request('PATCH', `/pipelines/api/linkedin-accounts/${accountId}`, { body: { limits: { visit: 10 } } });
      assert.equal(raised.status, 200, raised.text);
      assert.equal((await client.post(`${IMPORTS}/${id}/stop`)).status, 200);
      const again = await client.post(`${IMPORTS}/${id}/import`, { accountId });
      assert.equal(again.status, 200, again.text);
      assert.equal((await progressOf(socket, id, ['completed', 'failed'])).state, 'completed');
      const done = (await client.get(`${IMPORTS}/${id}`)).body;
      assert.deepEqual([done.status, done.statusReason, done.linksRead, done.prospectsSaved, done.badLinksCount], ['completed', null, 4, 3, 1]);
      // Every link was opened once: five visits with the earlier one, none twice.
      assert.equal(await visitsCounted(accountId), 5);
    } finally {
      socket.close();
    }
  });
});
