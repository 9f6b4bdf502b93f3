/**
 * Social-url imports (document 1 §3, document 2 §7.5): a file of LinkedIn profile links uploaded
 * for a prospect list, then read profile by profile on one of the caller's connected accounts
 * (the network's readProfile) into the list, as a durable job that can be stopped, started again
 * where it stopped, and deleted. Rows whose link is no profile link are bad links from the upload
 * on; links with no readable profile behind them join them as the run meets them.
 */
import { randomBytes } from 'node:crypto';
import {
  FINDER_LIMITS,
  SANDBOX_PROSPECT_SOURCE,
  socialUrlProgressJobId,
  type SocialNetworkProviderName,
  type SocialUrlImportView,
} from '@leadforge/contracts';
import type { Db } from '../../db/types';
import type { SessionRef, SocialProfile } from '../../engines/social/provider';
import { releaseVisit, reserveVisit } from '../../engines/social/runner/profile-reads';
import type { JobQueue } from '../../jobs/queue';
import type { PushTarget } from '../../jobs/registry';
import { DomainError } from '../../http/domain-error';
import { callerForUser, scopeOf, type Caller, type Scope } from '../account/caller';
import { toCsv } from './csv';
import { ACCOUNT_NOT_ACTIVE, accountProblem, requireUsableAccount } from './linkedin-account';
import { profileToProspect, refusalKey, type FinderSocialNetwork } from './linkedin-tasks';
import * as repo from './repository';
import type { FinderService } from './service';
import { PROFILE_UNAVAILABLE, readSocialUrlFile, type BadLink } from './social-url-file';

export const SOCIAL_URL_JOB_NAME = 'finder.social-url-import';
/** The kind of the import's `job.progress` pushes. */
export const SOCIAL_URL_PROGRESS_KIND = 'linkedin.social-url';
/** Profiles read between two progress writes (and two chances to see a stop). */
const READS_PER_BATCH = 10;

export interface SocialUrlJobData {
  importId: number;
  /** The start this job belongs to: a job of an earlier start that is still running gives way. */
  run: number;
}

/** Opens the session of a LinkedIn account the caller may use, for the provider's calls. */
export interface LinkedinSessionSource {
  refOf(scope: Scope, linkedinAccountId: number): Promise<SessionRef | undefined>;
}

/** A name for the stored copy that is unique and safe in a download's file name. */
function storedFileName(original: string): string {
  const base = original
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'profile-links'}-${randomBytes(4).toString('hex')}.csv`;
}

export class SocialUrlImports {
  private queue: JobQueue | undefined;

  constructor(
    private readonly finder: FinderService,
    private readonly db: Db,
    private readonly push: Pick<PushTarget, 'emitToUser'>,
    private readonly provider: FinderSocialNetwork,
    private readonly sessions: LinkedinSessionSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  useQueue(queue: JobQueue | undefined) {
    this.queue = queue;
  }

  private get network(): SocialNetworkProviderName {
    return this.provider.name;
  }

  private toView(row: repo.SocialUrlImportRow): SocialUrlImportView {
    return {
      id: row.id,
      provider: this.network,
      fileName: row.fileName,
      fileNameOriginal: row.fileNameOriginal,
      rowsCount: row.rowsCount,
      prospectsListId: row.prospectsListId,
      accountId: row.socialAccountId,
      status: row.status,
      statusReason: row.statusReason,
      linksCount: row.linksCount,
      linksRead: row.linksRead,
      prospectsSaved: row.prospectsSaved,
      badLinksCount: row.badLinksCount,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async create(caller: Caller, body: { fileName: string; csv: string; prospectsListId: number }): Promise<SocialUrlImportView> {
    // The list must be the caller's (an empty save checks it without adding anything).
    await this.finder.save(caller, { listId: body.prospectsListId }, []);
    const file = await readSocialUrlFile(body.csv);
    const row = await repo.insertSocialUrlImport(this.db, scopeOf(caller), {
      fileName: storedFileName(body.fileName),
      fileNameOriginal: body.fileName,
      rowsCount: file.rowsCount,
      prospectsListId: body.prospectsListId,
      status: 'uploaded',
      links: file.links,
      badLinks: file.badLinks,
    });
    return this.toView(row);
  }

  /** Starts an upload, or starts a stopped or failed import again where it stopped. */
  async start(caller: Caller, id: number, body: { accountId: number }): Promise<SocialUrlImportView> {
    if (!this.queue) throw new DomainError('service_unavailable');
    const scope = scopeOf(caller);
    const item = await this.owned(caller, id);
    if (item.status !== 'uploaded' && item.status !== 'stopped' && item.status !== 'failed') throw new DomainError('conflict');
    await requireUsableAccount(this.db, scope, body.accountId, this.network);
    const started = await repo.updateSocialUrlImport(
      this.db,
      scope,
      id,
      { status: 'queued', statusReason: null, socialAccountId: body.accountId, run: item.run + 1 },
      [item.status],
    );
    if (!started) throw new DomainError('conflict');
    await this.queue.enqueue<SocialUrlJobData>(SOCIAL_URL_JOB_NAME, { importId: id, run: started.run }, { idempotencyKey: `finder-social-url-${id}-${started.run}` });
    this.progress(started);
    return this.toView(started);
  }

  async list(caller: Caller, page: number) {
    const perPage = FINDER_LIMITS.historyPerPage;
    const { rows, total } = await repo.socialUrlImportsOf(this.db, scopeOf(caller), page, perPage);
    return { items: rows.map((row) => this.toView(row)), total, page, perPage, provider: this.network };
  }

  async batchShow(caller: Caller, ids: number[]) {
    const rows = await repo.socialUrlImportsByIds(this.db, scopeOf(caller), ids);
    return { items: rows.map((row) => this.toView(row)) };
  }

  private async owned(caller: Caller, id: number) {
    const item = await repo.socialUrlImportOf(this.db, scopeOf(caller), id);
    if (!item) throw new DomainError('not_found');
    return item;
  }

  async status(caller: Caller, id: number): Promise<SocialUrlImportView> {
    return this.toView(await this.owned(caller, id));
  }

  async stop(caller: Caller, id: number): Promise<SocialUrlImportView> {
    const item = await this.owned(caller, id);
    const stopped = await repo.updateSocialUrlImport(this.db, scopeOf(caller), item.id, { status: 'stopped', statusReason: null }, ['queued', 'in_progress']);
    if (!stopped) throw new DomainError('conflict');
    this.progress(stopped);
    return this.toView(stopped);
  }

  async remove(caller: Caller, id: number): Promise<void> {
    const item = await this.owned(caller, id);
    const status = item.status === 'queued' || item.status === 'in_progress' ? 'stopped' : item.status;
    await repo.updateSocialUrlImport(this.db, scopeOf(caller), item.id, { status, deletedAt: new Date() });
  }

  async badLinksCsv(caller: Caller, id: number): Promise<{ fileName: string; csv: string }> {
    const item = await this.owned(caller, id);
    const badLinks = await repo.socialUrlBadLinks(this.db, scopeOf(caller), item.id);
    return {
      fileName: item.fileName.replace(/\.csv$/, '-bad-links.csv'),
      csv: toCsv(['row', 'url', 'reason'], [...badLinks].sort((a, b) => a.row - b.row).map((link) => [link.row, link.url, link.reason])),
    };
  }

  private progress(item: repo.SocialUrlImportRow) {
    const state =
      item.status === 'in_progress' ? 'active' : item.status === 'stopped' ? 'cancelled' : item.status === 'uploaded' ? 'queued' : item.status;
    this.push.emitToUser(item.userId, {
      type: 'job.progress',
      payload: { jobId: socialUrlProgressJobId(item.id), kind: SOCIAL_URL_PROGRESS_KIND, state, processed: item.linksRead, total: item.linksCount },
    });
  }

  /** The caller a run acts as: the import's owner as a request of theirs would see them. */
  private async ownerOf(importId: number): Promise<Caller | undefined> {
    const userId = await repo.socialUrlImportOwnerForJob(this.db, importId);
    return userId === undefined ? undefined : callerForUser(this.db, userId);
  }

  /** The queue gave up on the run (retries exhausted). */
  async markFailed(importId: number, run: number): Promise<void> {
    const caller = await this.ownerOf(importId);
    if (!caller) return;
    const scope = scopeOf(caller);
    const current = await repo.socialUrlImportOf(this.db, scope, importId);
    if (!current || current.run !== run) return;
    const failed = await repo.updateSocialUrlImport(this.db, scope, importId, { status: 'failed' }, ['queued', 'in_progress']);
    if (failed) this.progress(failed);
  }

  private async end(scope: Scope, importId: number, values: { status: 'stopped' | 'failed' | 'completed'; statusReason?: string }) {
    const ended = await repo.updateSocialUrlImport(this.db, scope, importId, { statusReason: null, ...values }, ['in_progress']);
    if (ended) this.progress(ended);
  }

  /**
   * Today's visits of the account are used up: the import waits, queued with the reason, and the
   * same run goes on from its cursor when the account's next day begins.
   */
  private async waitForVisits(scope: Scope, item: repo.SocialUrlImportRow, notBefore: Date): Promise<void> {
    const waiting = await repo.updateSocialUrlImport(this.db, scope, item.id, { status: 'queued', statusReason: 'linkedin_daily_limit_reached' }, ['in_progress']);
    if (!waiting) return;
    this.progress(waiting);
    const startAfterSeconds = Math.max(1, Math.ceil((notBefore.getTime() - this.now().getTime()) / 1000));
    await this.queue?.enqueue<SocialUrlJobData>(
      SOCIAL_URL_JOB_NAME,
      { importId: item.id, run: item.run },
      { idempotencyKey: `finder-social-url-${item.id}-${item.run}-${notBefore.toISOString()}`, startAfterSeconds },
    );
  }

  /** The job: read the links from the cursor on, a batch at a time, until all are read or it is stopped. */
  async run(importId: number, run: number, signal: AbortSignal): Promise<void> {
    const caller = await this.ownerOf(importId);
    if (!caller) return;
    const scope = scopeOf(caller);
    const before = await repo.socialUrlImportOf(this.db, scope, importId);
    // A job of an earlier start (stopped, then started again) leaves the import to the new one.
    if (!before || before.run !== run) return;
    let current = await repo.updateSocialUrlImport(this.db, scope, importId, { status: 'in_progress', statusReason: null }, ['queued', 'in_progress']);
    if (!current) return;
    this.progress(current);
    while (current.linksRead < current.linksCount) {
      if (signal.aborted) throw new Error('social-url import interrupted');
      // Before every batch: the account may have lost its session (or been taken back) meanwhile.
      const accountId = current.socialAccountId;
      const account = accountId === null ? undefined : await repo.usableLinkedinAccountOf(this.db, scope, accountId);
      const ref = accountId === null || accountProblem(account, this.network) ? undefined : await this.sessions.refOf(scope, accountId);
      if (!ref || accountId === null) return this.end(scope, importId, { status: 'stopped', statusReason: ACCOUNT_NOT_ACTIVE });

      const links = await repo.socialUrlLinks(this.db, scope, importId, current.linksRead, READS_PER_BATCH);
      const profiles: SocialProfile[] = [];
      const badLinks: BadLink[] = [];
      let read = 0;
      let visitsUsedUp: Date | null = null;
      for (const link of links) {
        // Opening a profile is a visit: it takes one of the account's day, as a campaign's visit does.
        const visit = await reserveVisit(this.db, accountId, this.now());
        if (visit.kind === 'refused') {
          if (visit.reason !== 'linkedin_daily_limit_reached') return this.end(scope, importId, { status: 'stopped', statusReason: ACCOUNT_NOT_ACTIVE });
          visitsUsedUp = visit.notBefore;
          break;
        }
        let profile: SocialProfile | null;
        try {
          profile = await this.provider.readProfile(ref, link.url, this.now());
        } catch (error) {
          // Nothing was read: the visit is handed back.
          await releaseVisit(this.db, visit);
          // The network refused (not a passing failure): the import fails and says why.
          if (error instanceof DomainError) return this.end(scope, importId, { status: 'failed', statusReason: refusalKey(error) });
          throw error;
        }
        read += 1;
        if (profile) profiles.push(profile);
        else badLinks.push({ row: link.row, url: link.url, reason: PROFILE_UNAVAILABLE });
      }

      // A stop (or a new start) between batches wins over the batch just read.
      const fresh = await repo.socialUrlImportOf(this.db, scope, importId);
      if (!fresh || fresh.status !== 'in_progress' || fresh.run !== run) return;
      let added = 0;
      if (profiles.length > 0) {
        // Sandbox people are made up: their prospects say so in their source.
        const source = this.network === 'sandbox' ? SANDBOX_PROSPECT_SOURCE : undefined;
        try {
          added = (await this.finder.save(caller, { listId: fresh.prospectsListId }, profiles.map(profileToProspect), source)).added;
        } catch (error) {
          // The list was deleted meanwhile: nothing more can be saved.
          if (error instanceof DomainError) return this.end(scope, importId, { status: 'failed', statusReason: refusalKey(error) });
          throw error;
        }
      }
      // The work is done whatever happened meanwhile: the cursor moves even past a stop.
      const next = await repo.updateSocialUrlImport(this.db, scope, importId, {
        linksRead: fresh.linksRead + read,
        prospectsSaved: fresh.prospectsSaved + added,
        addBadLinks: badLinks,
      });
      if (!next || next.status !== 'in_progress') return;
      if (visitsUsedUp) return this.waitForVisits(scope, next, visitsUsedUp);
      current = next;
      this.progress(current);
      if (links.length === 0) break;
    }
    await this.end(scope, importId, { status: 'completed' });
  }
}
