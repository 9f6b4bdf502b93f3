/**
 * Team slots over real HTTP (document 1 §6): the lead assigns and retracts slots, members ask for
 * one and the lead approves or rejects, members withdraw; who sees and uses which slot; lead-only
 * and member-only calls; another team's ids.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { PushEvent } from '@leadforge/contracts';
import { eq } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema';
import { connectClient } from '../../realtime/test-fixtures/clients';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';

const BASE = '/pipelines/api/linkedin-accounts';

describe('linkedin team slots', () => {
  let t: TestApp;

  interface Person {
    client: TestClient;
    user: typeof users.$inferSelect;
  }

  async function signedIn(label: string, teamCode?: string): Promise<Person> {
    const client = t.client();
    const email = uniqueEmail(label);
    await client.register({ email, password: STRONG_PASSWORD, name: `${label} name`, ...(teamCode ? { teamCode } : {}) });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    return { client, user: user! };
  }

  const onPlan = (person: Person, planName: string) =>
    t.database.db.update(subscriptions).set({ planName, endsAt: null }).where(eq(subscriptions.accountId, person.user.accountId));

  /** A lead and two members of the lead's team, the team then on `plan`. */
  async function team(label: string, plan: string) {
    const lead = await signedIn(`${label}-lead`);
    // The team is made on the free plan (most paid plans may not start one).
    await onPlan(lead, 'FREE');
    const joinCode = (await lead.client.post('/team/join-code')).body.joinCode as string;
    const ann = await signedIn(`${label}-ann`, joinCode);
    const bob = await signedIn(`${label}-bob`, joinCode);
    await onPlan(lead, plan);
    return { lead, ann, bob };
  }

  const connect = (client: TestClient, sessionCookie: string, extra: object = {}) =>
    client.post(BASE, { login: { method: 'cookie', sessionCookie }, proxy: { kind: 'builtin', countryId: 840 }, timezone: 'America/Chicago', ...extra });

  const ids = (response: { body: { items: { id: number }[] } }) => response.body.items.map((item) => item.id);

  before(async () => {
    t = await startTestApp({ jobs: false });
  });
  after(() => t?.close());

  it('lets the lead assign a slot to a member, who then sees and uses it, and take it back', async () => {
    const { lead, ann, bob } = await team('assign', 'DC');
    const seat = (await connect(lead.client, 'AQEDAR-team-assign-seat', { name: 'Team seat' })).body.account;
    const socket = await connectClient(t.url, ann.client.cookieHeader());
    try {
      const assigned = await lead.client.post(`${BASE}/assign`, { accountId: seat.id, userId: ann.user.id });
      assert.equal(assigned.status, 200, assigned.text);
      assert.deepEqual([assigned.body.account.assignedUserId, assigned.body.account.assignedUserName], [ann.user.id, 'assign-ann name']);
      let event: PushEvent;
      do event = await socket.nextPush(10_000);
      while (event.type !== 'account.changed' || event.payload.what !== 'linkedinAccount');
      assert.deepEqual(event.payload, { what: 'linkedinAccount', linkedinAccountId: seat.id, state: 'active' });
    } finally {
      socket.close();
    }

    // Ann uses it; Bob sees it in the team list only.
    assert.deepEqual(ids(await ann.client.get(`${BASE}/all`)), [seat.id]);
    const renamed = await ann.client.request('PATCH', `${BASE}/${seat.id}`, { body: { limits: { visit: 60 } } });
    assert.equal(renamed.body.account.limits.visit, 60);
    assert.deepEqual(ids(await bob.client.get(`${BASE}/all`)), []);
    assert.equal((await bob.client.get(`${BASE}/${seat.id}`)).status, 404);
    const teamView = await bob.client.get(`${BASE}/team`);
    assert.deepEqual(teamView.body.items, [
      {
        id: seat.id,
        provider: 'sandbox',
        name: 'Team seat',
        profileName: seat.profileName,
        state: 'active',
        ownerId: lead.user.id,
        assignedUserId: ann.user.id,
        assignedUserName: 'assign-ann name',
        ownerName: 'assign-lead name',
        isOwn: false,
      },
    ]);
    assert.equal((await lead.client.get(`${BASE}/team`)).body.items[0].isOwn, true);
    // The lead still sees and manages the slot.
    assert.equal((await lead.client.get(`${BASE}/all`)).body.items[0].assignedUserName, 'assign-ann name');

    // Only the lead assigns, and only to the team.
    const byMember = await ann.client.post(`${BASE}/assign`, { accountId: seat.id, userId: bob.user.id });
    assert.deepEqual([byMember.status, byMember.body.errors[0].key], [403, 'linkedin_lead_only']);
    const solo = await signedIn('assign-solo');
    const outsider = await lead.client.post(`${BASE}/assign`, { accountId: seat.id, userId: solo.user.id });
    assert.deepEqual([outsider.status, outsider.body.errors[0].key, outsider.body.errors[0].field], [404, 'team_member_not_found', 'userId']);
    assert.deepEqual((await solo.client.get(`${BASE}/team`)).body, { items: [] });
    assert.equal((await solo.client.post(`${BASE}/retract`, { accountId: seat.id })).body.errors[0].key, 'linkedin_lead_only');

    const retracted = await lead.client.post(`${BASE}/retract`, { accountId: seat.id });
    assert.equal(retracted.body.account.assignedUserId, null);
    assert.equal((await ann.client.get(`${BASE}/${seat.id}`)).status, 404);
    assert.deepEqual(ids(await lead.client.get(`${BASE}/all`)), [seat.id]);

    // A member adds no slot of their own: they ask the lead.
    const own = await connect(bob.client, 'AQEDAR-team-bob-own');
    assert.deepEqual([own.status, own.body.errors[0].key], [403, 'linkedin_lead_only']);
  });

  it('runs slot requests: request, approve into a new or a free slot, reject, withdraw, retract', async () => {
    const { lead, ann, bob } = await team('requests', 'FREE');
    const seat = (await connect(lead.client, 'AQEDAR-team-requests-seat')).body.account;

    assert.equal((await lead.client.post(`${BASE}/requests`, {})).body.errors[0].key, 'linkedin_member_only');
    const solo = await signedIn('requests-solo');
    assert.equal((await solo.client.post(`${BASE}/requests`, {})).body.errors[0].key, 'linkedin_member_only');
    assert.deepEqual((await solo.client.get(`${BASE}/requests`)).body, { items: [] });

    const asked = await ann.client.post(`${BASE}/requests`, { note: 'For the March campaign' });
    assert.equal(asked.status, 200, asked.text);
    const request = asked.body.request;
    assert.deepEqual(
      [request.status, request.requesterId, request.requesterName, request.note, request.slotId, request.decidedAt],
      ['pending', ann.user.id, 'requests-ann name', 'For the March campaign', null, null],
    );
    const twice = await ann.client.post(`${BASE}/requests`, {});
    assert.deepEqual([twice.status, twice.body.errors[0].key], [409, 'linkedin_request_pending']);
    assert.deepEqual(ids(await lead.client.get(`${BASE}/requests`)), [request.id]);
    assert.deepEqual(ids(await bob.client.get(`${BASE}/requests`)), []);

    // The FREE plan's one slot is taken: a new one cannot be made, the lead's own can be given.
    assert.equal((await ann.client.post(`${BASE}/requests/${request.id}/approve`, {})).body.errors[0].key, 'linkedin_lead_only');
    const full = await lead.client.post(`${BASE}/requests/${request.id}/approve`, {});
    assert.deepEqual([full.status, full.body.errors[0].key], [422, 'linkedin_slots_exhausted']);
    const approved = await lead.client.post(`${BASE}/requests/${request.id}/approve`, { slotId: seat.id });
    assert.equal(approved.status, 200, approved.text);
    assert.deepEqual([approved.body.request.status, approved.body.request.slotId], ['approved', seat.id]);
    assert.ok(approved.body.request.decidedAt);
    assert.deepEqual(ids(await ann.client.get(`${BASE}/all`)), [seat.id]);
    const again = await lead.client.post(`${BASE}/requests/${request.id}/approve`, { slotId: seat.id });
    assert.deepEqual([again.status, again.body.errors[0].key], [409, 'linkedin_request_closed']);
    assert.equal((await ann.client.post(`${BASE}/requests/${request.id}/withdraw`)).body.errors[0].key, 'linkedin_request_closed');

    // Bob asks; the lead rejects. Bob asks again and withdraws; Ann cannot withdraw Bob's.
    const bobs = (await bob.client.post(`${BASE}/requests`, {})).body.request;
    const rejected = await lead.client.post(`${BASE}/requests/${bobs.id}/reject`);
    assert.equal(rejected.body.request.status, 'rejected');
    assert.equal((await lead.client.post(`${BASE}/requests/${bobs.id}/reject`)).body.errors[0].key, 'linkedin_request_closed');
    const bobsAgain = (await bob.client.post(`${BASE}/requests`, { note: 'Please' })).body.request;
    assert.equal((await ann.client.post(`${BASE}/requests/${bobsAgain.id}/withdraw`)).status, 404);
    const withdrawn = await bob.client.post(`${BASE}/requests/${bobsAgain.id}/withdraw`);
    assert.equal(withdrawn.body.request.status, 'withdrawn');
    assert.deepEqual(
      (await bob.client.get(`${BASE}/requests`)).body.items.map((item: { status: string }) => item.status),
      ['withdrawn', 'rejected'],
    );

    // On a bigger plan an approval makes a new empty slot, which the member connects into.
    await onPlan(lead, 'XS');
    const third = (await bob.client.post(`${BASE}/requests`, {})).body.request;
    const given = await lead.client.post(`${BASE}/requests/${third.id}/approve`, {});
    assert.equal(given.status, 200, given.text);
    const slotId = given.body.request.slotId as number;
    const empty = (await bob.client.get(`${BASE}/${slotId}`)).body.account;
    assert.deepEqual([empty.state, empty.profileName, empty.proxy, empty.ownerId, empty.assignedUserId], ['pending_connection', null, null, lead.user.id, bob.user.id]);
    const reconnectEmpty = await bob.client.post(`${BASE}/${slotId}/reconnect`, { login: { method: 'cookie', sessionCookie: 'AQEDAR-team-bob-slot' } });
    assert.deepEqual([reconnectEmpty.status, reconnectEmpty.body.errors[0].field], [400, 'proxy']);
    const connected = await connect(bob.client, 'AQEDAR-team-bob-slot', { slotId });
    assert.equal(connected.status, 200, connected.text);
    assert.deepEqual([connected.body.account.id, connected.body.account.state], [slotId, 'active']);
    assert.deepEqual((await lead.client.get(`${BASE}/all`)).body.slots, { used: 2, allowed: 3 });
    assert.deepEqual((await bob.client.get(`${BASE}/all`)).body.slots, { used: 2, allowed: 3 });
    // A connected slot is not connected into again.
    assert.equal((await connect(bob.client, 'AQEDAR-team-bob-other', { slotId })).status, 404);

    // The lead takes Ann's slot back: her approved request is retracted.
    await lead.client.post(`${BASE}/retract`, { accountId: seat.id });
    const annsRequests = (await ann.client.get(`${BASE}/requests`)).body.items;
    assert.deepEqual(annsRequests.map((item: { id: number; status: string }) => [item.id, item.status]), [[request.id, 'retracted']]);
    assert.equal((await ann.client.get(`${BASE}/${seat.id}`)).status, 404);
  });

  it('keeps another team’s slots and requests out of reach', async () => {
    const mine = await team('ours', 'DC');
    const theirs = await team('theirs', 'DC');
    const seat = (await connect(mine.lead.client, 'AQEDAR-team-ours-seat', { name: 'Our Secret Seat' })).body.account;
    const request = (await mine.ann.client.post(`${BASE}/requests`, { note: 'Our Secret Note' })).body.request;

    const calls = [
      () => theirs.lead.client.post(`${BASE}/assign`, { accountId: seat.id, userId: theirs.ann.user.id }),
      () => theirs.lead.client.post(`${BASE}/assign`, { accountId: seat.id, userId: mine.ann.user.id }),
      () => theirs.lead.client.post(`${BASE}/retract`, { accountId: seat.id }),
      () => theirs.lead.client.post(`${BASE}/requests/${request.id}/approve`, {}),
      () => theirs.lead.client.post(`${BASE}/requests/${request.id}/reject`),
      () => theirs.ann.client.post(`${BASE}/requests/${request.id}/withdraw`),
      () => theirs.ann.client.get(`${BASE}/${seat.id}`),
    ];
    for (const call of calls) {
      const response = await call();
      assert.equal(response.status, 404, response.text);
      assert.doesNotMatch(response.text, /Our Secret/);
    }
    // The lead approves no request of their own team into another team's slot.
    const theirRequest = (await theirs.ann.client.post(`${BASE}/requests`, {})).body.request;
    const foreignSlot = await theirs.lead.client.post(`${BASE}/requests/${theirRequest.id}/approve`, { slotId: seat.id });
    assert.deepEqual([foreignSlot.status, foreignSlot.body.errors[0].field], [404, 'slotId']);
    assert.doesNotMatch(JSON.stringify((await theirs.lead.client.get(`${BASE}/team`)).body), /Our Secret/);
    assert.doesNotMatch(JSON.stringify((await theirs.lead.client.get(`${BASE}/requests`)).body), /Our Secret/);

    const after = (await mine.lead.client.get(`${BASE}/${seat.id}`)).body.account;
    assert.deepEqual([after.assignedUserId, after.name], [null, 'Our Secret Seat']);
    assert.equal((await mine.ann.client.get(`${BASE}/requests`)).body.items[0].status, 'pending');
  });
});
