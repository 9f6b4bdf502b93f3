/**
 * The connected LinkedIn account a search task or social-url import runs on (issue 14). A task
 * names one of the caller's accounts — their own slot, or one a lead assigned to them — that is
 * active on the network this deployment talks to; it is checked when the task is created or
 * started and again before every page of the run, so a task whose account loses its session (or
 * is retracted, or deleted) stops with a reason instead of acting on a dead session.
 */
import type { ErrorKey, SocialNetworkProviderName } from '@leadforge/contracts';
import type { DbOrTx } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import type { Scope } from '../account/caller';
import * as repo from './repository';

/** The key a task stops with when its account can no longer be used. */
export const ACCOUNT_NOT_ACTIVE: ErrorKey = 'linkedin_account_not_active';

/** Why the account cannot run a task now: unknown to the caller, or not active on this network; null when it can. */
export function accountProblem(account: repo.UsableLinkedinAccount | undefined, network: SocialNetworkProviderName): 'not_found' | typeof ACCOUNT_NOT_ACTIVE | null {
  if (!account) return 'not_found';
  // A session of the sandbox network means nothing to the real one (and the other way round).
  if (account.deletedAt || account.state !== 'active' || account.provider !== network) return ACCOUNT_NOT_ACTIVE;
  return null;
}

/** The account, or the domain error a request answers with (404 when it is not the caller's). */
export async function requireUsableAccount(db: DbOrTx, scope: Scope, id: number, network: SocialNetworkProviderName): Promise<repo.UsableLinkedinAccount> {
  const account = await repo.usableLinkedinAccountOf(db, scope, id);
  const problem = accountProblem(account, network);
  if (problem === 'not_found') throw new DomainError('not_found', { field: 'accountId' });
  if (problem) throw new DomainError(problem, { field: 'accountId' });
  return account!;
}
