/**
 * Slots in a team (document 1 §6): the lead gives one of their slots to a member and takes it
 * back; a member asks the lead for a slot, and the lead approves (a free slot or a new one within
 * the plan's slots) or rejects; a member withdraws a request still waiting. Lead-only and
 * member-only calls are refused with their own keys; another team's ids are not found.
 */
import { accountKind, type LinkedinAccount, type LinkedinSlotRequest } from '@leadforge/contracts';
import { DomainError } from '../../http/domain-error';
import { scopeOf, type Caller } from '../account/caller';
import { AccountsCore, iso, newSlotColumns } from './accounts-core';
import * as repo from './repository';

export class TeamSlots extends AccountsCore {
  // ---------------------------------------------------------------- team slots

  protected assertLead(caller: Caller): number {
    if (accountKind(caller.team) !== 'teamLead' || caller.teamId === null) throw new DomainError('linkedin_lead_only');
    return caller.teamId;
  }

  /** The lead gives one of their slots to a member of the team (or takes it back by naming themselves). */
  async assign(caller: Caller, body: { accountId: number; userId: number }): Promise<LinkedinAccount> {
    const teamId = this.assertLead(caller);
    const scope = scopeOf(caller);
    const row = await repo.findOwned(this.db, scope, body.accountId);
    if (!row) throw new DomainError('not_found', { field: 'accountId' });
    if (!caller.teamUserIds.includes(body.userId)) throw new DomainError('team_member_not_found', { field: 'userId' });
    const assignedUserId = body.userId === caller.userId ? null : body.userId;
    const now = this.now();
    const updated = await this.db.transaction(async (tx) => {
      if (row.assignedUserId !== null && row.assignedUserId !== assignedUserId) await repo.retractRequestsOfSlot(tx, scope, row.id, now);
      return repo.updateOwned(tx, scope, row.id, { assignedUserId, teamId });
    });
    if (!updated) throw new DomainError('not_found');
    this.announce(updated, [row.assignedUserId]);
    return this.view(caller, row.id);
  }

  async retract(caller: Caller, body: { accountId: number }): Promise<LinkedinAccount> {
    this.assertLead(caller);
    const scope = scopeOf(caller);
    const row = await repo.findOwned(this.db, scope, body.accountId);
    if (!row) throw new DomainError('not_found', { field: 'accountId' });
    const updated = await this.db.transaction(async (tx) => {
      await repo.retractRequestsOfSlot(tx, scope, row.id, this.now());
      return repo.updateOwned(tx, scope, row.id, { assignedUserId: null });
    });
    if (!updated) throw new DomainError('not_found');
    this.announce(updated, [row.assignedUserId]);
    return this.view(caller, row.id);
  }

  // ---------------------------------------------------------------- slot requests

  protected requestView(entry: repo.SlotRequestWithName): LinkedinSlotRequest {
    const { request } = entry;
    return {
      id: request.id,
      requesterId: request.requesterId,
      requesterName: entry.requesterName,
      note: request.note,
      status: request.status as LinkedinSlotRequest['status'],
      slotId: request.slotId,
      createdAt: iso(request.createdAt),
      decidedAt: request.decidedAt ? iso(request.decidedAt) : null,
    };
  }

  protected announceRequests(teamId: number): void {
    this.deps.push.emitToTeam(teamId, { type: 'account.changed', payload: { what: 'linkedinAccount' } });
  }

  /** The team's requests for its lead, the caller's own for a member; none for a solo user. */
  async requests(caller: Caller): Promise<LinkedinSlotRequest[]> {
    const scope = scopeOf(caller);
    const kind = accountKind(caller.team);
    if (kind === 'solo' || caller.teamId === null) return [];
    const rows = kind === 'teamLead' ? await repo.listTeamRequests(this.db, scope, caller.teamId) : await repo.listOwnRequests(this.db, scope);
    return rows.map((row) => this.requestView(row));
  }

  async requestSlot(caller: Caller, note: string | undefined): Promise<LinkedinSlotRequest> {
    if (accountKind(caller.team) !== 'teamMember' || caller.teamId === null) throw new DomainError('linkedin_member_only');
    const scope = scopeOf(caller);
    const row = await repo.insertOwnRequest(this.db, scope, caller.teamId, note ? note : null);
    if (!row) throw new DomainError('linkedin_request_pending');
    this.announceRequests(caller.teamId);
    const named = await repo.findOwnRequest(this.db, scope, row.id);
    return this.requestView(named!);
  }

  protected async pendingTeamRequest(caller: Caller, teamId: number, id: number): Promise<repo.SlotRequestWithName> {
    const entry = await repo.findTeamRequest(this.db, scopeOf(caller), teamId, id);
    if (!entry) throw new DomainError('not_found');
    if (entry.request.status !== 'pending') throw new DomainError('linkedin_request_closed');
    return entry;
  }

  /** The lead approves: the member gets the free slot named, or a new one within the plan's slots. */
  async approve(caller: Caller, id: number, slotId: number | undefined): Promise<LinkedinSlotRequest> {
    const teamId = this.assertLead(caller);
    const scope = scopeOf(caller);
    const entry = await this.pendingTeamRequest(caller, teamId, id);
    const now = this.now();
    const slot = await this.db.transaction(async (tx) => {
      await repo.lockSlots(tx, caller.planAccountId);
      let given: repo.LinkedinAccountRow | undefined;
      if (slotId !== undefined) {
        given = await repo.findOwned(tx, scope, slotId);
        // A free slot: the lead's own, not in a member's hands.
        if (!given || given.assignedUserId !== null) throw new DomainError('not_found', { field: 'slotId' });
      } else {
        await this.assertFreeSlot(caller, tx);
        given = await repo.insertOwned(tx, scope, newSlotColumns(caller, this.provider, ''));
      }
      const closed = await repo.closePendingRequest(tx, scope, id, { status: 'approved', slotId: given.id, decidedBy: caller.userId, decidedAt: now });
      if (!closed) throw new DomainError('linkedin_request_closed');
      return repo.updateOwned(tx, scope, given.id, { assignedUserId: entry.request.requesterId, teamId });
    });
    if (slot) this.announce(slot);
    this.announceRequests(teamId);
    return this.requestView((await repo.findTeamRequest(this.db, scope, teamId, id))!);
  }

  async reject(caller: Caller, id: number): Promise<LinkedinSlotRequest> {
    const teamId = this.assertLead(caller);
    const scope = scopeOf(caller);
    await this.pendingTeamRequest(caller, teamId, id);
    const closed = await repo.closePendingRequest(this.db, scope, id, { status: 'rejected', decidedBy: caller.userId, decidedAt: this.now() });
    if (!closed) throw new DomainError('linkedin_request_closed');
    this.announceRequests(teamId);
    return this.requestView((await repo.findTeamRequest(this.db, scope, teamId, id))!);
  }

  async withdraw(caller: Caller, id: number): Promise<LinkedinSlotRequest> {
    const scope = scopeOf(caller);
    const entry = await repo.findOwnRequest(this.db, scope, id);
    if (!entry) throw new DomainError('not_found');
    if (entry.request.status !== 'pending') throw new DomainError('linkedin_request_closed');
    const closed = await repo.closePendingRequest(this.db, scope, id, { status: 'withdrawn', decidedBy: caller.userId, decidedAt: this.now() });
    if (!closed) throw new DomainError('linkedin_request_closed');
    this.announceRequests(entry.request.teamId);
    return this.requestView((await repo.findOwnRequest(this.db, scope, id))!);
  }
}
