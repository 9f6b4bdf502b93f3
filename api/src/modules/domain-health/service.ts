/**
 * The domain-health area's rules: which domains are the caller's (those of their live
 * mailboxes), running the checks (checks.ts) through the configured resolvers, storing the newest
 * result per user and domain, pushing `domain.healthChecked` to the owner, and the daily
 * re-check of every domain (jobs.ts). It never sees HTTP.
 */
import {
  DOMAIN_CHECK_KINDS,
  DOMAIN_HEALTH_LIMITS,
  domainHealthSchema,
  overallDomainHealth,
  type DomainHealth,
} from '@leadforge/contracts';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import type { PushTarget } from '../../jobs/registry';
import { callerForUser, scopeOf, type Caller, type Scope } from '../account/caller';
import { runDomainChecks } from './checks';
import { DomainDns, normaliseName } from './dns';
import * as repo from './repository';

export interface DomainHealthDeps {
  db: Db;
  config: Pick<AppConfig, 'dnsServers' | 'domainHealth'>;
  push: Pick<PushTarget, 'emitToUser'>;
  now?: () => Date;
}

/** A check of a domain asks at most this many questions' worth of time (six checks, most in parallel). */
const BUDGET_TIMEOUTS = 6;
/** Domains the daily job reads per batch. */
const JOB_BATCH = 50;

export class DomainHealthService {
  private readonly now: () => Date;

  constructor(private readonly deps: DomainHealthDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The caller's sending domains, each with its last check (none yet: health null, no checks). */
  async list(caller: Caller): Promise<DomainHealth[]> {
    const scope = scopeOf(caller);
    const [mailboxes, rows] = await Promise.all([repo.ownSendingMailboxes(this.deps.db, scope), repo.ownChecks(this.deps.db, scope)]);
    const byDomain = new Map<string, string[]>();
    for (const mailbox of mailboxes) {
      if (!mailbox.domain) continue;
      byDomain.set(mailbox.domain, [...(byDomain.get(mailbox.domain) ?? []), mailbox.email]);
    }
    const checks = new Map(rows.map((row) => [row.domain, row]));
    return [...byDomain.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([domain, emails]) => this.view(domain, emails, checks.get(domain)));
  }

  /** Checks one of the caller's domains now; any other domain is not_found (whoever else sends from it). */
  async check(caller: Caller, domain: string): Promise<DomainHealth> {
    return this.checkFor(scopeOf(caller), normaliseName(domain));
  }

  private async checkFor(scope: Scope, domain: string): Promise<DomainHealth> {
    const mailboxes = (await repo.ownSendingMailboxes(this.deps.db, scope)).filter((mailbox) => mailbox.domain === domain);
    if (mailboxes.length === 0) throw new DomainError('not_found', { field: 'domain' });
    const { dnsTimeoutMs, ipBlocklists, domainBlocklists } = this.deps.config.domainHealth;
    const dns = new DomainDns({ servers: this.deps.config.dnsServers, timeoutMs: dnsTimeoutMs, budgetMs: dnsTimeoutMs * BUDGET_TIMEOUTS });
    let checks;
    try {
      checks = await runDomainChecks(
        dns,
        {
          domain,
          sendingHosts: mailboxes.flatMap((mailbox) => (mailbox.smtpHost ? [mailbox.smtpHost] : [])),
          dkimKeys: mailboxes.flatMap((mailbox) => (mailbox.dkimSelector ? [{ selector: mailbox.dkimSelector, publicKey: mailbox.dkimPublicKey }] : [])),
          providers: [...new Set(mailboxes.map((mailbox) => mailbox.provider))],
        },
        { ip: ipBlocklists, domain: domainBlocklists },
      );
    } finally {
      dns.cancel();
    }
    const checkedAt = this.now();
    const health = overallDomainHealth(checks);
    const row = await repo.saveOwnCheck(this.deps.db, scope, { domain, health, checks, checkedAt });
    this.deps.push.emitToUser(scope.userId, {
      type: 'domain.healthChecked',
      payload: { domain, health, checkedAt: checkedAt.toISOString() },
    });
    return this.view(domain, mailboxes.map((mailbox) => mailbox.email), row);
  }

  private view(domain: string, mailboxes: string[], row: repo.DomainHealthRow | undefined): DomainHealth {
    // Stored checks are re-read through the contract, in its order, so an old row never answers a shape the screen does not know.
    const checks = row ? DOMAIN_CHECK_KINDS.flatMap((kind) => row.checks.filter((entry) => entry.kind === kind)) : [];
    return domainHealthSchema.parse({
      domain,
      mailboxes,
      health: row?.health ?? null,
      checks,
      checkedAt: row ? row.checkedAt.toISOString() : null,
    });
  }

  /**
   * The daily re-check: every (owner, domain) of a live mailbox whose last check is older than
   * `recheckAfterHours`, oldest first, one at a time (each bounded by its DNS budget). Each
   * result is stored as it comes, so a run cut short (the job expired, the worker stopped) is
   * resumed by the next run without checking anything twice that day.
   */
  async recheckDue(signal?: AbortSignal): Promise<{ checked: number; failed: number }> {
    const before = new Date(this.now().getTime() - DOMAIN_HEALTH_LIMITS.recheckAfterHours * 3_600_000);
    let checked = 0;
    let failed = 0;
    const skipped = new Set<string>();
    for (;;) {
      if (signal?.aborted) break;
      const due = (await repo.dueForJob(this.deps.db, before, JOB_BATCH + skipped.size)).filter((entry) => !skipped.has(`${entry.userId}:${entry.domain}`));
      if (due.length === 0) break;
      for (const entry of due.slice(0, JOB_BATCH)) {
        if (signal?.aborted) break;
        try {
          const caller = await callerForUser(this.deps.db, entry.userId);
          await this.checkFor(scopeOf(caller), entry.domain);
          checked += 1;
        } catch {
          // A user gone meanwhile, or a mailbox deleted: not checked again in this run.
          skipped.add(`${entry.userId}:${entry.domain}`);
          failed += 1;
        }
      }
    }
    return { checked, failed };
  }
}
