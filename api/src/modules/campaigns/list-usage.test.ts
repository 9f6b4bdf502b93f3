/**
 * Campaigns as the other areas see them, over real HTTP: which campaigns use a list (asked before
 * deleting it), a prospect's campaigns with its recipient status, a list's related campaigns —
 * each scoped as campaigns are (another tenant sees nothing, a member limited to own records
 * sees only theirs, a lead and view-all members the team's) — and a list deleted after launch
 * (the campaign says so, its recipients keep going, adding from it answers campaigns_list_deleted).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { P, campaignWorld } from './test-world';

describe('campaigns seen from lists and prospects', () => {
  let t: TestApp;
  let w: ReturnType<typeof campaignWorld>;

  before(async () => {
    t = await startTestApp({ jobs: false });
    w = campaignWorld(t);
  });
  after(() => t?.close());

  const usage = async (
    client: {
      post: (
        path: string,
        body: unknown,
      ) => Promise<{
        status: number;
        body: { usage: { listId: number; campaigns: { id: number; title: string }[] }[] };
        text: string;
      }>;
    },
    listIds: number[],
  ) => {
    const response = await client.post('/lists/check-usage-in-campaigns', { listIds });
    assert.equal(response.status, 200, response.text);
    return response.body.usage;
  };

  it('names the campaigns that use each list as their prospect or no-send list', async () => {
    const ann = await w.signedIn('usage');
    const a = await w.launched(ann, 'Usage A', ['usage-a@example.com']);
    const other = await w.list(ann, 'Usage other');
    const b = await w.create(ann, 'Usage B', { listId: other, blacklist: a.listId });
    const unused = await w.list(ann, 'Usage unused');

    assert.deepEqual(await usage(ann.client, [a.listId, other, unused, a.listId]), [
      {
        listId: a.listId,
        campaigns: [
          { id: b.campaignId, title: 'Usage B' },
          { id: a.campaignId, title: 'Usage A' },
        ],
      },
      { listId: other, campaigns: [{ id: b.campaignId, title: 'Usage B' }] },
      { listId: unused, campaigns: [] },
    ]);
    // The campaign's own no-send list is a use too.
    assert.deepEqual((await usage(ann.client, [a.blacklist]))[0]!.campaigns, [{ id: a.campaignId, title: 'Usage A' }]);

    // Another tenant learns nothing about these lists, and the call never answers 501 any more.
    const eve = await w.signedIn('usage-eve');
    assert.deepEqual(await usage(eve.client, [a.listId]), [{ listId: a.listId, campaigns: [] }]);
    assert.deepEqual(await usage(ann.client, []), []);
    const tooMany = await ann.client.post('/lists/check-usage-in-campaigns', {
      listIds: Array.from({ length: 1_001 }, (_, index) => index + 1),
    });
    assert.deepEqual([tooMany.status, w.keysOf(tooMany)], [400, ['field_too_long']]);
  });

  it('fills a prospect’s campaigns with its recipient status and a list’s related campaigns', async () => {
    const ann = await w.signedIn('related');
    const a = await w.launched(ann, 'Related A', ['first@example.com', 'second@example.com']);
    const [first, second] = a.prospectIds as [number, number];
    await w.exec(
      sql`update campaign_recipients set status = 'reply' where campaign_id = ${a.campaignId} and prospect_id = ${second}`,
    );
    // A draft that excludes the list, and another list holding one of A's recipients.
    const draft = await w.create(ann, 'Related draft', { blacklist: a.listId });
    const elsewhere = await w.list(ann, 'Related elsewhere');
    await w.exec(sql`insert into prospect_list_items (list_id, prospect_id) values (${elsewhere}, ${first})`);
    const unrelated = await w.list(ann, 'Related none');
    await w.prospect(ann, unrelated, 'Loner', 'loner@example.com');

    const info = async (prospectId: number, listId: number) => {
      const response = await ann.client.get(`/prospects-new/info/${prospectId}/${listId}`);
      assert.equal(response.status, 200, response.text);
      return response.body.campaigns;
    };
    assert.deepEqual(await info(first, a.listId), [{ campaignId: a.campaignId, title: 'Related A', status: 'active' }]);
    assert.deepEqual(await info(second, a.listId), [{ campaignId: a.campaignId, title: 'Related A', status: 'reply' }]);

    const related = async (listId: number) => {
      const response = await ann.client.post('/prospects/list-prospects', { listId });
      assert.equal(response.status, 200, response.text);
      return response.body.relatedCampaigns.map((c: { campaignId: number; status: string }) => [c.campaignId, c.status]);
    };
    assert.deepEqual(await related(a.listId), [
      [draft.campaignId, 'new'],
      [a.campaignId, 'active'],
    ]);
    assert.deepEqual(await related(elsewhere), [[a.campaignId, 'active']]);
    assert.deepEqual(await related(unrelated), []);
  });

  it('scopes usage, a prospect’s campaigns and related campaigns by the team role', async () => {
    const lead = await w.signedIn('scope-lead', { plan: 'FREE' });
    const joinCode = (await lead.client.post('/team/join-code')).body.joinCode as string;
    const own = await w.signedIn('scope-own', { teamCode: joinCode });
    const viewer = await w.signedIn('scope-viewer', { teamCode: joinCode });
    await t.database.db
      .update(subscriptions)
      .set({ planName: 'DC', endsAt: null })
      .where(eq(subscriptions.accountId, lead.user.accountId));
    assert.equal(
      (await lead.client.request('PUT', `/team/members/${viewer.user.id}/group`, { body: { group: 'Team records' } })).status,
      200,
    );
    assert.equal(
      (await lead.client.request('PUT', `/team/members/${own.user.id}/group`, { body: { group: 'Only own record' } })).status,
      200,
    );

    const leads = await w.launched(lead, 'Lead campaign', ['lead-one@example.com']);
    const owns = await w.launched(own, 'Member campaign', ['member-one@example.com']);

    // The lead and a view-all member see the member's campaign; the member does not see the lead's.
    assert.deepEqual((await usage(lead.client, [owns.listId]))[0]!.campaigns, [
      { id: owns.campaignId, title: 'Member campaign' },
    ]);
    assert.deepEqual((await usage(viewer.client, [owns.listId]))[0]!.campaigns, [
      { id: owns.campaignId, title: 'Member campaign' },
    ]);
    assert.deepEqual((await usage(own.client, [leads.listId]))[0]!.campaigns, []);

    const viewed = await viewer.client.get(`/prospects-new/info/${leads.prospectIds[0]}/${leads.listId}`);
    assert.equal(viewed.status, 200, viewed.text);
    assert.deepEqual(viewed.body.campaigns, [{ campaignId: leads.campaignId, title: 'Lead campaign', status: 'active' }]);
    const leadTable = await lead.client.post('/prospects/list-prospects', { listId: owns.listId });
    assert.deepEqual(
      leadTable.body.relatedCampaigns.map((c: { campaignId: number }) => c.campaignId),
      [owns.campaignId],
    );
    // The member's own prospect, in a list of theirs that a lead's campaign also reached: only their campaign shows.
    await w.exec(sql`insert into campaign_recipients (campaign_id, account_id, prospect_id, name, email, status)
                     values (${leads.campaignId}, ${lead.user.accountId}, ${owns.prospectIds[0]}, 'Shared', 'member-one@example.com', 'active')`);
    const ownInfo = await own.client.get(`/prospects-new/info/${owns.prospectIds[0]}/${owns.listId}`);
    assert.deepEqual(
      ownInfo.body.campaigns.map((c: { campaignId: number }) => c.campaignId),
      [owns.campaignId],
    );
    const ownTable = await own.client.post('/prospects/list-prospects', { listId: owns.listId });
    assert.deepEqual(
      ownTable.body.relatedCampaigns.map((c: { campaignId: number }) => c.campaignId),
      [owns.campaignId],
    );
    const leadInfo = await lead.client.get(`/prospects-new/info/${owns.prospectIds[0]}/${owns.listId}`);
    assert.deepEqual(
      leadInfo.body.campaigns.map((c: { campaignId: number }) => c.campaignId).sort(),
      [leads.campaignId, owns.campaignId].sort(),
    );
  });

  it('shows a list deleted after launch on the campaign, keeps its recipients going and refuses to add from it', async () => {
    const ann = await w.signedIn('deleted-list');
    const a = await w.launched(ann, 'Deleted list', ['kept-one@example.com', 'kept-two@example.com']);
    const campaign = async () => (await ann.client.get(`${P}/campaign/${a.campaignId}`)).body.campaign;
    assert.equal((await campaign()).listDeleted, false);

    assert.equal((await ann.client.delete('/lists', { body: { id: a.listId, type: 'prospect' } })).status, 200);
    const after = await campaign();
    assert.deepEqual([after.status, after.pausedReason, after.listDeleted], ['active', null, true]);
    const listed = (await ann.client.get(`${P}/campaigns?title=${encodeURIComponent('deleted list')}`)).body.items[0];
    assert.equal(listed.listDeleted, true);
    // The deleted list still names the campaign that used it.
    assert.deepEqual(
      (await usage(ann.client, [a.listId]))[0]!.campaigns.map((c) => c.id),
      [a.campaignId],
    );

    // The recipients launched from it keep going: the executor moves them into the first email.
    await w.exec(
      sql`update campaign_recipients set next_run_at = now() - interval '1 minute' where campaign_id = ${a.campaignId}`,
    );
    await t.app.services.campaignExecutor.engine.tick({ budgetMs: 20_000 });
    const moved = await w.rows<{ n: number }>(
      sql`select count(*)::int as n from campaign_recipient_steps where campaign_id = ${a.campaignId} and node_id = 'e1'`,
    );
    assert.equal(moved[0]!.n, 2);
    const queued = await w.rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbound where campaign_id = ${a.campaignId}`,
    );
    assert.equal(queued[0]!.n, 2);

    // Adding recipients from the deleted list answers the list's key; an unknown list is not found.
    const added = await ann.client.post(`${P}/recipients/add`, { campaignId: a.campaignId, listId: a.listId });
    assert.deepEqual([added.status, w.keysOf(added)], [422, ['campaigns_list_deleted']]);
    const unknown = await ann.client.post(`${P}/recipients/add`, { campaignId: a.campaignId, listId: 999_999 });
    assert.deepEqual([unknown.status, w.keysOf(unknown)], [404, ['list_not_found']]);

    // Restored, the flag goes; deleted for good (the row is gone, the campaign's list_id null), it is back.
    assert.equal((await ann.client.post('/lists/restore', { id: a.listId })).status, 200);
    assert.equal((await campaign()).listDeleted, false);
    assert.equal((await ann.client.delete('/lists/delete-without-save', { body: { id: a.listId } })).status, 200);
    const gone = await campaign();
    assert.deepEqual([gone.listId, gone.listDeleted], [null, true]);
  });
});
