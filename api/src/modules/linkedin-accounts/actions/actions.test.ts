/**
 * The runner's calls over real HTTP on the sandbox network, with the job queue running: an inline
 * message is queued and then performed by the runner (woken through the durable queue), once per
 * idempotency key; a message to someone who is not a connection is refused at once with its key
 * (the profile read first, as a visit), or by the runner when no visit is left; an account
 * that is not active or has used today's messages is refused; the pending invitations and the
 * actions list; another account's LinkedIn account is 404 everywhere.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { subscriptions, users } from '../../../db/schema';
import { linkedinAccounts } from '../../../db/schema/social';
import type { LinkedinOutcomeEvent } from '../../../engines/social/runner';
import { peopleByDegree } from '../../../engines/social/runner/test-fixtures';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../../test-support/test-app';
import type { TestClient } from '../../../test-support/test-client';

const BASE = '/pipelines/api/linkedin-accounts';
const INLINE = '/pipelines/api/li-touch/inline-message';
const EVERY_DAY_ALL_DAY = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({ day, from: 0, to: 1_440 }));

describe('the LinkedIn runner’s calls', () => {
  let t: TestApp;
  const outcomes: LinkedinOutcomeEvent[] = [];
  const waiters: { actionId: number; resolve: (event: LinkedinOutcomeEvent) => void }[] = [];

  /** Resolves with the action's final outcome, whether it came before or after the call. */
  function outcomeOf(actionId: number): Promise<LinkedinOutcomeEvent> {
    const seen = outcomes.find((event) => event.actionId === actionId);
    return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ actionId, resolve }));
  }

  async function signedIn(label: string): Promise<{ client: TestClient; userId: number }> {
    const client = t.client();
    const email = uniqueEmail(label);
    await client.register({ email, password: STRONG_PASSWORD, name: `${label} name` });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db.update(subscriptions).set({ planName: 'XS', endsAt: null }).where(eq(subscriptions.accountId, user!.accountId));
    return { client, userId: user!.id };
  }

  /** A sandbox account by session cookie, acting at any hour with no gap (so the test never waits for the clock). */
  async function connected(client: TestClient, cookie: string): Promise<{ id: number; memberKey: string }> {
    const response = await client.post(BASE, {
      login: { method: 'cookie', sessionCookie: cookie },
      proxy: { kind: 'builtin', countryId: 276 },
      timezone: 'UTC',
      workingHours: EVERY_DAY_ALL_DAY,
    });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.account.state, 'active');
    const id = response.body.account.id as number;
    // Below the form's minimum gap of 30 s: the runner acts at once.
    const [row] = await t.database.db
      .update(linkedinAccounts)
      .set({ minGapSeconds: 0, maxGapSeconds: 0 })
      .where(eq(linkedinAccounts.id, id))
      .returning({ memberKey: linkedinAccounts.memberKey });
    return { id, memberKey: row!.memberKey! };
  }

  /** Visits counted on the account's counters (its time zone is UTC in these tests). */
  async function visitsToday(linkedinAccountId: number): Promise<number> {
    const result = await t.database.db.execute(
      sql`select coalesce(sum(count), 0)::int as n from linkedin_daily_usage where linkedin_account_id = ${linkedinAccountId} and action = 'visit'`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  before(async () => {
    t = await startTestApp();
    t.app.services.linkedinRunner.onOutcome((event) => {
      outcomes.push(event);
      for (const waiter of waiters.filter((candidate) => candidate.actionId === event.actionId)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    });
  });

  after(async () => {
    await t?.close();
  });

  it('queues an inline message that the runner then sends once, and refuses one to a stranger with its key', async () => {
    const { client } = await signedIn('inline');
    const account = await connected(client, 'AQEDAR-inline-message-owner');
    const [friend] = peopleByDegree(account.memberKey, 'inline-friend', 1, true);
    const [stranger] = peopleByDegree(account.memberKey, 'inline-stranger', 1, false);

    const sent = await client.post(INLINE, { linkedinAccountId: account.id, profileUrl: friend, message: 'Hi! Good to be connected.', idempotencyKey: 'inline-key-0001' });
    assert.equal(sent.status, 200, sent.text);
    const action = sent.body.action;
    assert.equal(action.linkedinAccountId, account.id);
    assert.equal(action.profileUrl, friend);
    assert.notEqual(action.state, 'failed');
    const done = await outcomeOf(action.id);
    assert.equal(done.outcome, 'done');
    assert.equal(done.origin, 'inline');

    // The same key again is the same message: nothing new is queued or sent.
    const retried = await client.post(INLINE, { linkedinAccountId: account.id, profileUrl: friend, message: 'Hi! Good to be connected.', idempotencyKey: 'inline-key-0001' });
    assert.equal(retried.status, 200, retried.text);
    assert.equal(retried.body.action.id, action.id);
    assert.equal(retried.body.action.state, 'done');
    const outgoing = await t.database.db.execute(sql`select count(*)::int as n from linkedin_messages where linkedin_account_id = ${account.id} and direction = 'out'`);
    assert.equal((outgoing as unknown as { rows: { n: number }[] }).rows[0]!.n, 1);

    // The route asks the network first: a stranger is refused at once, and nothing is queued.
    const refused = await client.post(INLINE, { linkedinAccountId: account.id, profileUrl: stranger, message: 'Hello there.' });
    assert.equal(refused.status, 422, refused.text);
    assert.deepEqual([refused.body.errors[0].key, refused.body.errors[0].field], ['linkedin_not_connected_to_profile', 'profileUrl']);
    // Each check opened the profile: a visit of the account's day (the retried key asked nothing).
    assert.equal(await visitsToday(account.id), 2);

    const listed = await client.get(`${BASE}/${account.id}/actions`);
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.body.total, 1);
    assert.deepEqual(
      listed.body.items.map((item: { profileUrl: string; state: string; reason: string | null }) => [item.profileUrl, item.state, item.reason]),
      [[friend, 'done', null]],
    );
    const onlyFailed = await client.get(`${BASE}/${account.id}/actions?state=failed`);
    assert.deepEqual(onlyFailed.body.items, []);

    const pending = await client.get(`${BASE}/${account.id}/pending`);
    assert.equal(pending.status, 200, pending.text);
    assert.deepEqual(pending.body, { pending: 0, connectLimit: 100, items: [] });
  });

  it('leaves the connection check to the runner when the account has no visit left today', async () => {
    const { client } = await signedIn('inline-no-visits');
    const account = await connected(client, 'AQEDAR-inline-no-visits');
    const [stranger] = peopleByDegree(account.memberKey, 'inline-no-visits', 1, false);
    await t.database.db
      .update(linkedinAccounts)
      .set({ limits: sql`jsonb_set(${linkedinAccounts.limits}, '{visit}', '0')` })
      .where(eq(linkedinAccounts.id, account.id));

    const queued = await client.post(INLINE, { linkedinAccountId: account.id, profileUrl: stranger, message: 'Hello there.' });
    assert.equal(queued.status, 200, queued.text);
    const failed = await outcomeOf(queued.body.action.id);
    assert.deepEqual([failed.outcome, failed.reason], ['failed', 'linkedin_not_connected_to_profile']);
    assert.equal(await visitsToday(account.id), 0);
  });

  it('refuses a message from an account that is not active or has used today’s messages', async () => {
    const { client } = await signedIn('inline-refusals');
    const account = await connected(client, 'AQEDAR-inline-message-limits');
    const [friend] = peopleByDegree(account.memberKey, 'inline-limits', 1, true);

    await t.database.db
      .update(linkedinAccounts)
      .set({ limits: sql`jsonb_set(${linkedinAccounts.limits}, '{message}', '1')` })
      .where(eq(linkedinAccounts.id, account.id));
    const first = await client.post(INLINE, { linkedinAccountId: account.id, profileUrl: friend, message: 'First of the day.' });
    assert.equal(first.status, 200, first.text);
    assert.equal((await outcomeOf(first.body.action.id)).outcome, 'done');
    const second = await client.post(INLINE, { linkedinAccountId: account.id, profileUrl: friend, message: 'Second of the day.' });
    assert.equal(second.status, 422, second.text);
    assert.equal(second.body.errors[0].key, 'linkedin_daily_limit_reached');

    await t.database.db.update(linkedinAccounts).set({ state: 'lost_connection' }).where(eq(linkedinAccounts.id, account.id));
    const inactive = await client.post(INLINE, { linkedinAccountId: account.id, profileUrl: friend, message: 'While disconnected.' });
    assert.equal(inactive.status, 409, inactive.text);
    assert.equal(inactive.body.errors[0].key, 'linkedin_account_not_active');
  });

  it('answers 404 for another account’s LinkedIn account', async () => {
    const { client: owner } = await signedIn('inline-owner');
    const account = await connected(owner, 'AQEDAR-inline-message-other');
    const [friend] = peopleByDegree(account.memberKey, 'inline-other', 1, true);
    const { client: other } = await signedIn('inline-other');

    const sent = await other.post(INLINE, { linkedinAccountId: account.id, profileUrl: friend, message: 'Not my account.' });
    assert.equal(sent.status, 404, sent.text);
    assert.equal((await other.get(`${BASE}/${account.id}/pending`)).status, 404);
    assert.equal((await other.get(`${BASE}/${account.id}/actions`)).status, 404);
    const queued = await t.database.db.execute(sql`select count(*)::int as n from linkedin_actions where linkedin_account_id = ${account.id}`);
    assert.equal((queued as unknown as { rows: { n: number }[] }).rows[0]!.n, 0, 'nothing was queued on it');
  });
});
