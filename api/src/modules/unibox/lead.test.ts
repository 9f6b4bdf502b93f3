/**
 * The lead actions of a conversation over real HTTP: the thread row names the counterpart's latest
 * campaign recipient, lead-interest sets and clears the interest of the owner's recipients with
 * that address and their prospects' mood, a plain teammate is forbidden and another tenant's
 * thread is not_found.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { TestApp } from '../../test-support/test-app';
import { U, startUniboxWorld, type UniboxWorld, errorKeyOf as keyOf } from './test-world';

describe('unibox lead actions', () => {
  let t: TestApp;
  let w: UniboxWorld;
  before(async () => {
    ({ t, w } = await startUniboxWorld());
  });
  after(() => t?.close());

  async function interestOf(prospectIds: readonly number[], address: string) {
    const recipients = await w.rows<{ interest_level: string | null }>(
      sql`select interest_level from campaign_recipients where lower(email) = ${address} and prospect_id in (${sql.join(
        prospectIds.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id`,
    );
    const moods = await w.rows<{ mood_point: number; mood_type: string }>(
      sql`select mood_point, mood_type from prospects where id in (${sql.join(
        prospectIds.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id`,
    );
    return {
      levels: recipients.map((row) => row.interest_level),
      moods: moods.map((row) => [Number(row.mood_point), row.mood_type]),
    };
  }

  it('names the latest campaign recipient on the row, and sets and clears the interest of all of them', async () => {
    const me = await w.signedIn('unibox-lead-actions');
    const address = `lena-${Date.now()}@prospect.test`;
    const first = await w.launched(me, 'Lead Actions One', [address]);
    // The same prospect in a second campaign (a launch skips a prospect busy in another, so the
    // recipient is written directly): two recipients with the address, the second the latest.
    const latest = await w.launched(me, 'Lead Actions Two', [], { launch: false });
    await w.exec(
      sql`insert into campaign_recipients (campaign_id, account_id, prospect_id, name, email, status)
          values (${latest.campaignId}, ${me.user.accountId}, ${first.prospectIds[0]!}, 'Lena Lead', ${address.toUpperCase()}, 'pause')`,
    );
    const box = await w.mailbox(me, `lead-actions-${Date.now()}@unibox.test`);
    await w.receive(box, { from: address, fromName: 'Lena Lead', subject: 'Interested', date: '2026-03-02T10:00:00Z' });
    await w.receive(box, { from: 'stranger@elsewhere.test', subject: 'Not a lead', date: '2026-03-01T10:00:00Z' });

    const [leadRow, plainRow] = (await w.threads(me)).items as unknown as { id: number; lead: unknown; prospectId: number | null }[];
    const [recipient] = await w.rows<{ id: number }>(
      sql`select id from campaign_recipients where campaign_id = ${latest.campaignId} and prospect_id = ${first.prospectIds[0]!}`,
    );
    assert.deepEqual(leadRow!.lead, {
      recipientId: Number(recipient!.id),
      campaignId: latest.campaignId,
      recipientStatus: 'pause',
      interestLevel: null,
      prospectId: first.prospectIds[0],
    });
    assert.equal(plainRow!.lead, null);
    // The prospect card reads the counterpart's prospect; a stranger has none.
    assert.deepEqual([leadRow!.prospectId, plainRow!.prospectId], [first.prospectIds[0], null]);
    const prospectIds = first.prospectIds;

    const marked = await me.client.post(`${U}/lead-interest`, { threadId: leadRow!.id, interest: 'interested' });
    assert.equal(marked.status, 200, marked.text);
    assert.equal(marked.body.item.id, leadRow!.id);
    assert.equal(marked.body.item.lead.interestLevel, 'interested');
    assert.deepEqual(await interestOf(prospectIds, address), {
      levels: ['interested', 'interested'],
      moods: [[1, 'manual']],
    });

    const notInterested = await me.client.post(`${U}/lead-interest`, { threadId: leadRow!.id, interest: 'not_interested' });
    assert.equal(notInterested.body.item.lead.interestLevel, 'not_interested');
    assert.deepEqual(await interestOf(prospectIds, address), { levels: ['not_interested', 'not_interested'], moods: [[3, 'manual']] });

    const cleared = await me.client.post(`${U}/lead-interest`, { threadId: leadRow!.id, interest: null });
    assert.equal(cleared.status, 200, cleared.text);
    assert.equal(cleared.body.item.lead.interestLevel, null);
    assert.deepEqual(await interestOf(prospectIds, address), {
      levels: [null, null],
      moods: [[0, 'notSet']],
    });

    // A conversation with no campaign recipient changes nothing and still answers its row.
    const none = await me.client.post(`${U}/lead-interest`, { threadId: plainRow!.id, interest: 'maybe' });
    assert.equal(none.status, 200, none.text);
    assert.equal(none.body.item.lead, null);

    const refused = await me.client.post(`${U}/lead-interest`, { threadId: leadRow!.id, interest: 'keen' });
    assert.equal(refused.status, 400, refused.text);
  });

  it('lets a lead act for a member, forbids a plain teammate and answers not_found to another tenant', async () => {
    const lead = await w.signedIn('unibox-li-lead', { plan: 'FREE' });
    const joinCode = (await lead.client.post('/team/join-code')).body.joinCode as string;
    const member = await w.signedIn('unibox-li-member', { teamCode: joinCode });
    const plain = await w.signedIn('unibox-li-plain', { teamCode: joinCode });
    const stranger = await w.signedIn('unibox-li-stranger');
    await t.database.db
      .update(subscriptions)
      .set({ planName: 'DC', endsAt: null })
      .where(eq(subscriptions.accountId, lead.user.accountId));
    const grouped = await lead.client.request('PUT', `/team/members/${plain.user.id}/group`, { body: { group: 'Only own record' } });
    assert.equal(grouped.status, 200, grouped.text);

    const address = `member-lead-${Date.now()}@prospect.test`;
    const campaign = await w.launched(member, 'Member Lead Actions', [address]);
    const box = await w.mailbox(member, `member-li-${Date.now()}@unibox.test`);
    await w.receive(box, { from: address, subject: 'Maybe later', date: '2026-03-01T10:00:00Z' });
    const listed = await lead.client.post(`${U}/thread-groups`, { forUserId: member.user.id });
    const threadId = listed.body.items[0].id as number;

    const forMember = await lead.client.post(`${U}/lead-interest`, { forUserId: member.user.id, threadId, interest: 'maybe' });
    assert.equal(forMember.status, 200, forMember.text);
    assert.equal(forMember.body.item.lead.interestLevel, 'maybe');

    const forbidden = await plain.client.post(`${U}/lead-interest`, { forUserId: member.user.id, threadId, interest: null });
    assert.equal(forbidden.status, 403, forbidden.text);
    assert.equal(keyOf(forbidden), 'forbidden');

    for (const response of [
      await stranger.client.post(`${U}/lead-interest`, { threadId, interest: null }),
      await stranger.client.post(`${U}/lead-interest`, { forUserId: member.user.id, threadId, interest: null }),
      // Without forUserId the lead's own mail is meant: the member's thread is not theirs.
      await lead.client.post(`${U}/lead-interest`, { threadId, interest: null }),
    ]) {
      assert.equal(response.status, 404, response.text);
      assert.equal(keyOf(response), 'not_found');
    }
    assert.deepEqual(await interestOf(campaign.prospectIds, address), { levels: ['maybe'], moods: [[2, 'manual']] });
  });
});
