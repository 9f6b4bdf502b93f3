/**
 * Teams (document 1 §6): a solo user whose plan allows invite_to_team becomes a lead when they
 * first invite or create a join code; members join by invitation or join code, leave, are
 * removed, or change group. Every change is pushed as `team.transfer`.
 */
import { canInviteToTeam, type Locale, type TeamGroup } from '@leadforge/contracts';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import { randomCode, sha256 } from '../../lib/crypto';
import type { BaseUrl, PushSink } from '../../platform';
import { scopeOf, type Caller } from '../account/caller';
import { renderMail } from '../mail/templates';
import type { MailService } from '../mail/service';
import * as repo from './repository';

export const INVITATION_TTL_DAYS = 7;
/** A member joining by the team's link sees only their own records until the lead says otherwise. */
export const JOIN_CODE_GROUP: TeamGroup = 'Only own record';

const isLeadFor = (group: string) => (group === 'Team records' ? 2 : 0);

export class TeamService {
  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    private readonly push: PushSink,
    private readonly baseUrl: BaseUrl,
  ) {}

  async info(caller: Caller) {
    const scope = scopeOf(caller);
    const canInvite = canInviteToTeam(caller.plan, caller.team);
    const membership = await repo.teamOfCaller(this.db, scope);
    if (!membership) return { team: null, members: [], invitations: [], canInvite };
    const [members, invitations] = await Promise.all([
      repo.membersOfCallerTeam(this.db, scope),
      membership.isLead === 1 ? repo.openInvitationsOfLedTeam(this.db, scope, new Date()) : Promise.resolve([]),
    ]);
    return {
      team: {
        id: membership.team.id,
        name: membership.team.name,
        // Only the lead hands out the join link.
        joinCode: membership.isLead === 1 ? membership.team.joinCode : null,
        lead: { id: membership.team.leadUserId, name: membership.lead.name, email: membership.lead.email },
      },
      members: members.map((member) => ({ ...member, joinedAt: member.joinedAt.toISOString() })),
      invitations: invitations.map((invitation) => ({
        id: invitation.id,
        email: invitation.email,
        group: invitation.group,
        createdAt: invitation.createdAt.toISOString(),
        expiresAt: invitation.expiresAt.toISOString(),
      })),
      canInvite,
    };
  }

  /** The caller's team as lead, created on first use; refused when the plan or role does not allow it. */
  private async leadTeam(caller: Caller) {
    if (!canInviteToTeam(caller.plan, caller.team)) {
      throw new DomainError(caller.team.isTeam && caller.team.isLead !== 1 ? 'forbidden' : 'team_invite_forbidden');
    }
    const scope = scopeOf(caller);
    const membership = await repo.teamOfCaller(this.db, scope);
    if (membership) {
      if (membership.isLead !== 1) throw new DomainError('forbidden');
      return membership.team;
    }
    const own = await repo.callerName(this.db, scope);
    return this.db.transaction((tx) => repo.createTeamLedBy(tx, scope, { name: own?.name ?? '', joinCode: randomCode(10) }));
  }

  async invite(caller: Caller, locale: Locale, input: { email: string; group: TeamGroup }) {
    const team = await this.leadTeam(caller);
    const scope = scopeOf(caller);
    const members = await repo.membersOfCallerTeam(this.db, scope);
    if (members.some((member) => member.email === input.email)) throw new DomainError('team_already_member');
    const code = randomCode(24);
    const now = new Date();
    const invitation = await repo.insertInvitationFromLead(this.db, scope, {
      email: input.email,
      group: input.group,
      codeHash: sha256(code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
    });
    if (!invitation) throw new DomainError('forbidden');
    const inviter = await repo.callerName(this.db, scope);
    const message = renderMail('teamInvite', locale, {
      inviter: inviter?.name ?? '',
      team: team.name,
      days: INVITATION_TTL_DAYS,
      link: `${this.baseUrl()}/team/check-code/${code}`,
    });
    await this.mail.send({ to: input.email, ...message }, `team-invite:${invitation.id}`);
    return {
      id: invitation.id,
      email: invitation.email,
      group: invitation.group,
      createdAt: invitation.createdAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /** What a code opens: a team's join code, else an open invitation (both found by the code alone). */
  private async resolveCode(code: string) {
    const trimmed = code.trim();
    const byJoinCode = await repo.teamByJoinCode(this.db, trimmed.toUpperCase());
    if (byJoinCode) return { team: byJoinCode.team, leadName: byJoinCode.leadName, group: JOIN_CODE_GROUP as string, invitationId: null };
    const byInvitation = await repo.invitationByCodeHash(this.db, sha256(trimmed.toUpperCase()), new Date());
    if (byInvitation) {
      return { team: byInvitation.team, leadName: byInvitation.leadName, group: byInvitation.invitation.group, invitationId: byInvitation.invitation.id };
    }
    throw new DomainError('team_code_invalid');
  }

  async checkCode(code: string) {
    const { team, leadName, group } = await this.resolveCode(code);
    return { teamName: team.name, leadName, group };
  }

  /** The caller joins the team of a code (a caller read afresh for a sign-up that carries a code). */
  async accept(caller: Caller, code: string) {
    const { team, group, invitationId } = await this.resolveCode(code);
    if (caller.teamId !== null) throw new DomainError('team_already_member');
    const scope = scopeOf(caller);
    await this.db.transaction(async (tx) => {
      // An invitation is used once, even by two holders at the same moment.
      if (invitationId !== null && !(await repo.markInvitationAccepted(tx, invitationId, new Date()))) throw new DomainError('team_code_invalid');
      if (!(await repo.joinTeam(tx, scope, team.id, { isLead: isLeadFor(group), group }))) throw new DomainError('team_already_member');
    });
    this.push.moveUserToTeam(caller.userId, null, team.id);
    this.push.emitToTeam(team.id, { type: 'team.transfer', payload: { kind: 'joined', teamId: team.id, memberId: caller.userId } });
    this.push.emitToUser(caller.userId, { type: 'account.changed', payload: { what: 'team' } });
  }

  async leave(caller: Caller) {
    if (caller.team.isTeam && caller.team.isLead === 1) throw new DomainError('team_lead_cannot_leave');
    const teamId = await repo.leaveTeam(this.db, scopeOf(caller));
    if (teamId === undefined) throw new DomainError('team_member_not_found');
    this.push.moveUserToTeam(caller.userId, teamId, null);
    this.push.emitToTeam(teamId, { type: 'team.transfer', payload: { kind: 'left', teamId, memberId: caller.userId } });
    this.push.emitToUser(caller.userId, { type: 'account.changed', payload: { what: 'team' } });
  }

  /** The id of the team the caller leads; forbidden for anyone but a lead. */
  private ledTeamId(caller: Caller): number {
    if (caller.teamId === null || caller.team.isLead !== 1) throw new DomainError('forbidden');
    return caller.teamId;
  }

  async removeMember(caller: Caller, memberId: number) {
    const teamId = this.ledTeamId(caller);
    if (!(await repo.removeMemberFromLedTeam(this.db, scopeOf(caller), memberId))) throw new DomainError('team_member_not_found');
    this.push.moveUserToTeam(memberId, teamId, null);
    this.push.emitToTeam(teamId, { type: 'team.transfer', payload: { kind: 'removed', teamId, memberId } });
    this.push.emitToUser(memberId, { type: 'team.transfer', payload: { kind: 'removed', teamId, memberId } });
    this.push.emitToUser(memberId, { type: 'account.locked', payload: { reason: 'removedFromTeam' } });
  }

  async changeGroup(caller: Caller, memberId: number, group: TeamGroup) {
    const teamId = this.ledTeamId(caller);
    const scope = scopeOf(caller);
    if (!(await repo.updateMemberOfLedTeam(this.db, scope, memberId, { isLead: isLeadFor(group), group }))) throw new DomainError('team_member_not_found');
    this.push.emitToTeam(teamId, { type: 'team.transfer', payload: { kind: 'groupChanged', teamId, memberId } });
    const updated = (await repo.memberOfCallerTeam(this.db, scope, memberId))!;
    return { ...updated, joinedAt: updated.joinedAt.toISOString() };
  }

  async regenerateCode(caller: Caller) {
    await this.leadTeam(caller);
    const joinCode = randomCode(10);
    if (!(await repo.setJoinCodeOfLedTeam(this.db, scopeOf(caller), joinCode))) throw new DomainError('forbidden');
    return { joinCode };
  }
}
