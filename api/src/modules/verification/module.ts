/**
 * The verification area's composition and its public face to other areas: the finder verifies
 * candidate addresses through it and the prospects area verifies prospect emails through it.
 * The engine itself (DNS, SMTP probe, caches, politeness) lives in `engines/verification/`.
 */
import type { EmailVerificationStatus } from '@leadforge/contracts';
import type { JobQueue } from '../../jobs/queue';
import type { Caller } from '../account/caller';
import { VerificationService, type VerificationServiceDeps } from './service';

/**
 * Who asks for a verification: the caller, of whom the area uses the user (whose balance pays)
 * and the account (whose history the results join). A whole Caller fits; so does the
 * `{ userId, accountId }` of a job acting for its owner.
 */
export type VerificationActor = Pick<Caller, 'userId' | 'accountId'>;

export type VerificationOutcomeStatus = Exclude<EmailVerificationStatus, 'not_verified'>;

export interface VerificationOutcome {
  email: string;
  status: VerificationOutcomeStatus;
  /** mx_missing, mailbox_not_found, mailbox_full, disabled, policy_block, timeout, syntax, … */
  reasons: string[];
  smtpCode: number | null;
  enhancedCode: string | null;
  flags: { disposable: boolean; role: boolean; free: boolean; catchAll: boolean };
  risk: 'low' | 'medium' | 'high';
  /** "Did you mean …" for a likely typo of a common domain. */
  suggestion: string | null;
  fromCache: boolean;
  /** Whether this outcome cost a credit. */
  charged: boolean;
}

export interface VerifyOptions {
  /** Default true. false for re-checks the user already paid for. */
  charge?: boolean;
  signal?: AbortSignal;
  /** Called as each address resolves (bulk progress). */
  onResult?: (outcome: VerificationOutcome) => void;
  /** Which area asked (recorded with the result and in the credit ledger). Default `other`. */
  source?: 'single' | 'bulk' | 'finder' | 'prospects' | 'other';
}

export interface VerificationModule {
  /** Called once the durable job queue has started (absent in tests that run without jobs). */
  useQueue(queue: JobQueue | undefined): void;
  /**
   * Verifies addresses now (result cache first). Charges one credit per distinct, syntactically
   * valid address not verified before by this account; throws the billing DomainError when the
   * balance is short. Greylisted addresses come back as `greylist` and are re-checked later by a
   * durable job; `latest` then answers the resolved status.
   */
  verify(actor: VerificationActor, emails: string[], options?: VerifyOptions): Promise<VerificationOutcome[]>;
  /** The newest known outcome per address for this account (for 10 s re-polling of unresolved ones). */
  latest(actor: VerificationActor, emails: string[]): Promise<Map<string, VerificationOutcome>>;
  /** The account's credit balance. */
  balance(actor: VerificationActor): Promise<number>;
  /** The area's full service (HTTP handlers of the verification calls use it). */
  readonly service: VerificationService;
}

/** Built from what an API process and a job worker both have (one engine per configuration). */
export function createVerificationModule(deps: VerificationServiceDeps): VerificationModule {
  const service = new VerificationService({ db: deps.db, config: deps.config, push: deps.push });
  return {
    service,
    useQueue: (queue) => service.useQueue(queue),
    verify: (actor, emails, options) => service.verify(actor, emails, options),
    latest: (actor, emails) => service.latest(actor, emails),
    balance: (actor) => service.balance(actor),
  };
}
