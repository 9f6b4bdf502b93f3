/**
 * The runner's calls as the caller sees them: an account's pending invitations against its
 * connect limit, its actions (queue and history), and one LinkedIn message sent now from the
 * prospect view or the unibox (li-touch/inline-message), queued for the runner within the
 * account's limits and performed exactly once per idempotency key.
 */
import { randomUUID } from 'node:crypto';
import { LINKEDIN_ACCOUNT_DEFAULTS, type LinkedinActionState } from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import type { LinkedinRunner } from '../../../engines/social/runner';
import { DomainError } from '../../../http/domain-error';
import { scopeOf, type Caller } from '../../account/caller';
import { effectiveLinkedinLimits, linkedinLocalDay, storedLimits, warmUpDayOf } from '../limits';
import * as repo from './repository';

/** Keys are per account: a user's own key is namespaced so it never meets the runner's. */
const inlineKey = (caller: Caller, key: string) => `inline:${caller.userId}:${key}`;

export interface LinkedinActionsDeps {
  db: Db;
  runner: LinkedinRunner;
  now?: () => Date;
}

export class LinkedinActionsService {
  private readonly now: () => Date;

  constructor(private readonly deps: LinkedinActionsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private async usable(caller: Caller, id: number) {
    const account = await repo.findUsableAccount(this.deps.db, scopeOf(caller), id);
    if (!account) throw new DomainError('not_found');
    return account;
  }

  async pending(caller: Caller, id: number) {
    const account = await this.usable(caller, id);
    const { pending, items } = await repo.pendingInvitations(this.deps.db, scopeOf(caller), id);
    return { pending, connectLimit: account.connectLimit, items };
  }

  async actions(caller: Caller, id: number, query: { state?: LinkedinActionState | undefined; page: number }) {
    await this.usable(caller, id);
    const perPage = LINKEDIN_ACCOUNT_DEFAULTS.listPerPage;
    return repo.listActions(this.deps.db, scopeOf(caller), id, { state: query.state, limit: perPage, offset: (query.page - 1) * perPage });
  }

  /**
   * Queues one message to a profile from a slot the caller uses. Refused at once when the account
   * is not active, today's message limit is used up (the user is waiting for it now, so it is not
   * left for tomorrow) or the profile is not a 1st-degree connection: the network is asked for
   * the profile first (a visit, counted on the account's day). When it cannot be asked (no visit
   * left today, the network refused), the message is queued and the runner's perform has the
   * last word, failing it with linkedin_not_connected_to_profile as before.
   */
  async inlineMessage(caller: Caller, body: { linkedinAccountId: number; profileUrl: string; message: string; idempotencyKey?: string | undefined }) {
    const scope = scopeOf(caller);
    const account = await this.usable(caller, body.linkedinAccountId);
    if (account.state !== 'active') throw new DomainError('linkedin_account_not_active');
    const now = this.now();
    let day: string;
    try {
      day = linkedinLocalDay(now, account.timezone);
    } catch {
      day = linkedinLocalDay(now, 'UTC');
    }
    const limit = effectiveLinkedinLimits(storedLimits(account.limits), warmUpDayOf(account.warmUp, account.warmUpStartedAt, now)).message;
    if ((await repo.usedOn(this.deps.db, scope, account.id, day, 'message')) >= limit) throw new DomainError('linkedin_daily_limit_reached');
    // A retried key answers the message it queued the first time, without asking the network again.
    const repeated = body.idempotencyKey ? await repo.findActionByKey(this.deps.db, scope, account.id, inlineKey(caller, body.idempotencyKey)) : undefined;
    if (repeated) return repeated;
    const read = await this.deps.runner.readProfileAsVisit(account.id, body.profileUrl);
    if (read.kind === 'read' && read.profile && read.profile.degree !== 1) throw new DomainError('linkedin_not_connected_to_profile', { field: 'profileUrl' });

    const { action } = await this.deps.runner.enqueue({
      owner: { userId: caller.userId, accountId: caller.accountId },
      linkedinAccountId: account.id,
      action: 'message',
      profileUrl: body.profileUrl,
      content: body.message,
      origin: 'inline',
      idempotencyKey: inlineKey(caller, body.idempotencyKey ?? randomUUID()),
    });
    const view = await repo.findAction(this.deps.db, scope, action.id);
    if (!view) throw new DomainError('not_found');
    return view;
  }
}
