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
import type { AccountService } from '../account/service';
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
    private readonly accounts: AccountService,
    private readonly mail: MailService,
    private readonly push: PushSink,
    private readonly baseUrl: BaseUrl,
  ) {}

  async info(userId: number) {
    const { plan, team: facts } = await this.accounts.planOf(userId);
    const membership = await repo.membershipOf(this.db, userId);
    const canInvite = canInviteToTeam(plan, facts);
    if (!membership) return { team: null, members: [], invitations: [], canInvite };
    const [members, invitations, lead] = await Promise.all([
      repo.membersOf(this.db, membership.teamId),
      membership.isLead === 1 ? repo.openInvitations(this.db, membership.teamId, new Date()) : Promise.resolve([]),
      repo.userName(this.db, membership.team.leadUserId),
    ]);
    return {
      team: {
        id: membership.team.id,
        name: membership.team.name,
        // Only the lead hands out the join link.
        joinCode: membership.isLead === 1 ? membership.team.joinCode : null,
        lead: { id: membership.team.leadUserId, name: lead?.name ?? '', email: lead?.email ?? '' },
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
  private async leadTeam(userId: number) {
    const { plan, team: facts, context } = await this.accounts.planOf(userId);
    if (!canInviteToTeam(plan, facts)) {
      throw new DomainError(facts.isTeam && facts.isLead !== 1 ? 'forbidden' : 'team_invite_forbidden');
    }
    const membership = await repo.membershipOf(this.db, userId);
    if (membership) return membership.team;
    return this.db.transaction(async (tx) => {
      const team = await repo.insertTeam(tx, {
        accountId: context.user.accountId,
        leadUserId: userId,
        name: context.user.name,
        joinCode: randomCode(10),
      });
      await repo.insertMember(tx, { teamId: team.id, userId, isLead: 1, group: 'Team records' });
      return team;
    });
  }

  async invite(userId: number, locale: Locale, input: { email: string; group: TeamGroup }) {
    const team = await this.leadTeam(userId);
    const members = await repo.membersOf(this.db, team.id);
    if (members.some((member) => member.email === input.email)) throw new DomainError('team_already_member');
    const code = randomCode(24);
    const now = new Date();
    const invitation = await repo.insertInvitation(this.db, {
      teamId: team.id,
      email: input.email,
      group: input.group,
      codeHash: sha256(code),
      invitedBy: userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
    });
    const inviter = await repo.userName(this.db, userId);
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

  private async resolveCode(code: string) {
    const trimmed = code.trim();
    const byJoinCode = await repo.teamByJoinCode(this.db, trimmed.toUpperCase());
    if (byJoinCode) return { team: byJoinCode, group: JOIN_CODE_GROUP as string, invitationId: null };
    const byInvitation = await repo.invitationByCodeHash(this.db, sha256(trimmed.toUpperCase()), new Date());
    if (byInvitation) {
      return { team: byInvitation.team, group: byInvitation.invitation.group, invitationId: byInvitation.invitation.id };
    }
    throw new DomainError('team_code_invalid');
  }

  async checkCode(code: string) {
    const { team, group } = await this.resolveCode(code);
    const lead = await repo.userName(this.db, team.leadUserId);
    return { teamName: team.name, leadName: lead?.name ?? '', group };
  }

  async accept(userId: number, code: string) {
    const { team, group, invitationId } = await this.resolveCode(code);
    if (await repo.membershipOf(this.db, userId)) throw new DomainError('team_already_member');
    await this.db.transaction(async (tx) => {
      await repo.insertMember(tx, { teamId: team.id, userId, isLead: isLeadFor(group), group });
      if (invitationId !== null) await repo.markInvitationAccepted(tx, invitationId, new Date());
    });
    this.push.moveUserToTeam(userId, null, team.id);
    this.push.emitToTeam(team.id, { type: 'team.transfer', payload: { kind: 'joined', teamId: team.id, memberId: userId } });
    this.push.emitToUser(userId, { type: 'account.changed', payload: { what: 'team' } });
  }

  async leave(userId: number) {
    const membership = await repo.membershipOf(this.db, userId);
    if (!membership) throw new DomainError('team_member_not_found');
    if (membership.isLead === 1) throw new DomainError('team_lead_cannot_leave');
    await repo.deleteMember(this.db, membership.teamId, userId);
    this.push.moveUserToTeam(userId, membership.teamId, null);
    this.push.emitToTeam(membership.teamId, {
      type: 'team.transfer',
      payload: { kind: 'left', teamId: membership.teamId, memberId: userId },
    });
    this.push.emitToUser(userId, { type: 'account.changed', payload: { what: 'team' } });
  }

  private async leadMembership(userId: number) {
    const membership = await repo.membershipOf(this.db, userId);
    if (!membership || membership.isLead !== 1) throw new DomainError('forbidden');
    return membership;
  }

  async removeMember(leadUserId: number, memberId: number) {
    const membership = await this.leadMembership(leadUserId);
    const member = await repo.memberOf(this.db, membership.teamId, memberId);
    if (!member || member.isLead === 1) throw new DomainError('team_member_not_found');
    await repo.deleteMember(this.db, membership.teamId, memberId);
    this.push.moveUserToTeam(memberId, membership.teamId, null);
    this.push.emitToTeam(membership.teamId, {
      type: 'team.transfer',
      payload: { kind: 'removed', teamId: membership.teamId, memberId },
    });
    this.push.emitToUser(memberId, { type: 'team.transfer', payload: { kind: 'removed', teamId: membership.teamId, memberId } });
    this.push.emitToUser(memberId, { type: 'account.locked', payload: { reason: 'removedFromTeam' } });
  }

  async changeGroup(leadUserId: number, memberId: number, group: TeamGroup) {
    const membership = await this.leadMembership(leadUserId);
    const member = await repo.memberOf(this.db, membership.teamId, memberId);
    if (!member || member.isLead === 1) throw new DomainError('team_member_not_found');
    await repo.updateMember(this.db, membership.teamId, memberId, { isLead: isLeadFor(group), group });
    this.push.emitToTeam(membership.teamId, {
      type: 'team.transfer',
      payload: { kind: 'groupChanged', teamId: membership.teamId, memberId },
    });
    const updated = (await repo.memberOf(this.db, membership.teamId, memberId))!;
    return { ...updated, joinedAt: updated.joinedAt.toISOString() };
  }

  async regenerateCode(userId: number) {
    const team = await this.leadTeam(userId);
    const joinCode = randomCode(10);
    await repo.setJoinCode(this.db, team.id, joinCode);
    return { joinCode };
  }
}
