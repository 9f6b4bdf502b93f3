/**
 * The linkedin-accounts area's rules (document 1 §3 "Social-network accounts and tasks", §4
 * states, §6 slots), as the one service the routes and other areas call. It never sees HTTP; its
 * repository never sees rules. Sessions, pending logins and proxy passwords are stored encrypted
 * (credentials.ts) and never answered or logged. The rules live in their parts:
 *
 * - accounts-core.ts — the account views, finding a usable slot, the plan's slots, the pushes;
 * - account-settings.ts — limits within the safe maxima, hours, gaps, warm-up, proxy, time zone;
 * - connection-steps.ts — connect by cookie or e-mail + password, the code steps, reconnect,
 *   disconnect, and the states they move an account through;
 * - team-slots.ts — assign and retract slots, slot requests (request, approve, reject, withdraw);
 * - session-check.ts — the periodic session check (a durable job).
 */
import type { LinkedinAccount, LinkedinSlotRequest } from '@leadforge/contracts';
import type { QueueUser } from '../../area';
import type { JobQueue } from '../../jobs/queue';
import type { Caller } from '../account/caller';
import type { LinkedinAccountsDeps } from './accounts-core';
import { ConnectionSteps } from './connection-steps';
import { ensureSessionCheckJob } from './session-check';
import { TeamSlots } from './team-slots';

export { sessionOperationsFor, type LinkedinAccountsDeps, type LinkedinRunnerHooks } from './accounts-core';
export { LINKEDIN_CODE_ATTEMPTS, LINKEDIN_CODE_SENDS, LINKEDIN_RESEND_GAP_MS } from './connection-steps';

export class LinkedinAccountsService extends ConnectionSteps implements QueueUser {
  private readonly slots: TeamSlots;

  constructor(deps: LinkedinAccountsDeps) {
    super(deps);
    this.slots = new TeamSlots(this.resolvedDeps());
  }

  useQueue(queue: JobQueue | undefined): void {
    if (queue) void ensureSessionCheckJob(queue).catch(() => undefined);
  }

  // Team slots and slot requests (team-slots.ts).

  assign(caller: Caller, body: { accountId: number; userId: number }): Promise<LinkedinAccount> {
    return this.slots.assign(caller, body);
  }

  retract(caller: Caller, body: { accountId: number }): Promise<LinkedinAccount> {
    return this.slots.retract(caller, body);
  }

  requests(caller: Caller): Promise<LinkedinSlotRequest[]> {
    return this.slots.requests(caller);
  }

  requestSlot(caller: Caller, note: string | undefined): Promise<LinkedinSlotRequest> {
    return this.slots.requestSlot(caller, note);
  }

  approve(caller: Caller, id: number, slotId: number | undefined): Promise<LinkedinSlotRequest> {
    return this.slots.approve(caller, id, slotId);
  }

  reject(caller: Caller, id: number): Promise<LinkedinSlotRequest> {
    return this.slots.reject(caller, id);
  }

  withdraw(caller: Caller, id: number): Promise<LinkedinSlotRequest> {
    return this.slots.withdraw(caller, id);
  }
}
