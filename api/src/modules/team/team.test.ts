import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { mailText, startSmtpCapture, type SmtpCapture } from '../../test-support/smtp-capture';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';

describe('teams and plans', () => {
  let t: TestApp;
  let smtp: SmtpCapture;

  before(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: smtp.env });
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('invites by email, joins by the mailed code, changes group, removes, and leaves', async () => {
    const lead = t.client();
    await lead.register({ email: uniqueEmail('lead'), password: STRONG_PASSWORD, name: 'Lead Person' });
    const solo = await lead.get('/team-info');
    assert.deepEqual({ team: solo.body.team, canInvite: solo.body.canInvite }, { team: null, canInvite: true });

    const inviteeEmail = uniqueEmail('invitee');
    const invitation = await lead.post('/team/invite', { email: inviteeEmail, group: 'Team records' });
    assert.equal(invitation.status, 200);
    assert.equal(invitation.body.email, inviteeEmail);
    const mail = await smtp.waitFor((message) => message.to.includes(inviteeEmail));
    const code = /team\/check-code\/([A-Z0-9]+)/.exec(mailText(mail))![1]!;

    const member = t.client();
    await member.register({ email: inviteeEmail, password: STRONG_PASSWORD, name: 'Member Person' });
    const checked = await member.post('/team/check-code', { code });
    assert.deepEqual(checked.body, { teamName: 'Lead Person', leadName: 'Lead Person', group: 'Team records' });
    const joined = await member.post('/team/accept', { code });
    assert.equal(joined.status, 200);
    assert.deepEqual(joined.body.team, { isLead: 2, group: 'Team records' });
    assert.equal(joined.body.account.isTeam, true);
    assert.equal((await member.post('/team/accept', { code })).body.errors[0].key, 'team_code_invalid');

    const info = await lead.get('/team-info');
    assert.equal(info.body.members.length, 2);
    assert.equal(info.body.team.lead.name, 'Lead Person');
    const memberId = info.body.members.find((m: { email: string }) => m.email === inviteeEmail).id;
    const leadInfo = await lead.get('/user-info');
    assert.deepEqual(leadInfo.body.team, { isLead: 1, group: 'Team records' });

    const changed = await lead.put(`/team/members/${memberId}/group`, { group: 'Only own record' });
    assert.deepEqual([changed.body.isLead, changed.body.group], [0, 'Only own record']);
    // Members manage nothing.
    assert.equal((await member.put(`/team/members/${memberId}/group`, { group: 'Team records' })).status, 403);
    assert.equal((await member.post('/team/join-code')).status, 403);
    // Billing is for solo users and leads (contracts rules).
    assert.equal((await member.get('/user-pricing-plan-info')).body.canAccessBilling, false);
    assert.equal((await lead.post('/team/leave-team')).body.errors[0].key, 'team_lead_cannot_leave');

    assert.equal((await lead.delete(`/team/members/${memberId}`)).status, 200);
    assert.equal((await member.get('/user-info')).body.team, null);
    assert.equal((await lead.delete(`/team/members/${memberId}`)).status, 404);

    // Join again by the team's link code, then leave.
    const { joinCode } = (await lead.post('/team/join-code')).body;
    assert.equal((await member.post('/team/accept', { code: joinCode })).body.team.group, 'Only own record');
    const left = await member.post('/team/leave-team');
    assert.equal(left.body.team, null);
    const oldCode = joinCode;
    const fresh = (await lead.post('/team/join-code')).body.joinCode;
    assert.notEqual(fresh, oldCode);
    assert.equal((await member.post('/team/check-code', { code: oldCode })).body.errors[0].key, 'team_code_invalid');
  });

  it('enforces invite_to_team by plan: XS/DC/ZB/ZB2/ZB3 solo users may not invite, XXL may', async () => {
    const user = t.client();
    const email = uniqueEmail('plans');
    const info = await user.register({ email, password: STRONG_PASSWORD });
    for (const plan of ['XS', 'DC', 'ZB', 'ZB2', 'ZB3']) {
      await t.database.db.execute(sql`update subscriptions set plan_name = ${plan}, ends_at = now() + interval '30 days' where account_id = ${info.account.id}`);
      const refused = await user.post('/team/invite', { email: uniqueEmail('x'), group: 'Team records' });
      assert.equal(refused.status, 403, plan);
      assert.equal(refused.body.errors[0].key, 'team_invite_forbidden');
      assert.equal((await user.get('/team-info')).body.canInvite, false);
    }
    await t.database.db.execute(sql`update subscriptions set plan_name = 'XXL' where account_id = ${info.account.id}`);
    const plan = await user.get('/user-pricing-plan-info');
    assert.equal(plan.body.isBiggestPlan, true);
    assert.equal(plan.body.canInviteToTeam, true);
    assert.equal((await user.post('/team/invite', { email: uniqueEmail('ok'), group: 'Only own record' })).status, 200);

    // An expired plan reports expired and forbids inviting.
    await t.database.db.execute(sql`update subscriptions set ends_at = now() - interval '1 day' where account_id = ${info.account.id}`);
    const expired = (await user.get('/user-info')).body.pricingPlan;
    assert.equal(expired.expired, true);
    assert.equal(expired.willExpireDays, 0);
    assert.ok(expired.daysUntilExpirationLimits >= 1);
    assert.equal((await user.post('/team/invite', { email: uniqueEmail('late'), group: 'Team records' })).status, 403);
  });

  it('registers straight into a team with a join code, and refuses a wrong one', async () => {
    const lead = t.client();
    await lead.register({ email: uniqueEmail('lead2'), password: STRONG_PASSWORD, name: 'Second Lead' });
    const { joinCode } = (await lead.post('/team/join-code')).body;
    const member = t.client();
    const info = await member.register({ email: uniqueEmail('m2'), password: STRONG_PASSWORD, teamCode: joinCode });
    assert.equal(info.account.isTeam, true);
    const wrong = await t.client().post('/auth/register', { name: 'N', email: uniqueEmail('m3'), password: STRONG_PASSWORD, teamCode: 'NOPE1234' });
    assert.equal(wrong.body.errors[0].key, 'team_code_invalid');
  });
});
