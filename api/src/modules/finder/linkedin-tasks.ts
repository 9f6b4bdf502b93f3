/**
 * LinkedIn search tasks (document 2 §7.5): harvest the profiles of a social-network search into a
 * prospect list through the social-network adapter, on one of the caller's connected LinkedIn
 * accounts, as a durable job that can be stopped. A task whose account stops being usable (lost
 * session, retracted, deleted) stops by itself with the reason `linkedin_account_not_active`.
 */
import { ERROR_KEYS, FINDER_LIMITS, SANDBOX_PROSPECT_SOURCE, linkedinProgressJobId, type ErrorKey, type LinkedinTask, type SocialNetworkProviderName } from '@leadforge/contracts';
import type { Db } from '../../db/types';
import type { SocialNetworkProvider, SocialProfile } from '../../engines/social/provider';
import type { JobQueue } from '../../jobs/queue';
import type { PushTarget } from '../../jobs/registry';
import { DomainError } from '../../http/domain-error';
import { callerForUser, scopeOf, type Caller } from '../account/caller';
import type { FoundProspect } from '../prospects/module';
import * as repo from './repository';
import type { FinderService } from './service';
import { toCsv } from './csv';
import { ACCOUNT_NOT_ACTIVE, accountProblem, requireUsableAccount } from './linkedin-account';

export const LINKEDIN_JOB_NAME = 'finder.linkedin-search';
/** Profiles read per page of the search (the network's own page size). */
const PROFILES_PER_PAGE = 25;

/** What the finder asks of the network: search pages and profile reads. */
export type FinderSocialNetwork = Pick<SocialNetworkProvider, 'name' | 'searchPage' | 'readProfile'>;

export interface LinkedinJobData {
  taskId: number;
}

/**
 * Tasks carry the adapter of this deployment: the job runs through it, and a deployment switches
 * networks only with its configuration (tasks have no stored provider column).
 */
function toTask(row: repo.LinkedinTaskRow, provider: SocialNetworkProviderName): LinkedinTask {
  return {
    id: row.id,
    provider,
    url: row.url,
    accountId: row.socialAccountId,
    prospectsListId: row.prospectsListId,
    prospectsTotal: row.prospectsTotal,
    isSkipSaved: row.isSkipSaved,
    isSaveWithoutEmail: row.isSaveWithoutEmail,
    status: row.status,
    statusReason: row.statusReason,
    prospectsFound: row.prospectsFound,
    prospectsSaved: row.prospectsSaved,
    badLinksCount: row.badLinks.length,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The error key a refusal of the network stands for (a DomainError's, else a generic one). */
export function refusalKey(error: DomainError): ErrorKey {
  const key = error.items[0]?.key;
  return key && (ERROR_KEYS as readonly string[]).includes(key) ? key : 'service_unavailable';
}

export function profileToProspect(profile: SocialProfile): FoundProspect {
  return {
    name: profile.fullName,
    firstName: profile.firstName,
    lastName: profile.lastName,
    ...(profile.email ? { email: profile.email } : {}),
    position: profile.position,
    companyName: profile.companyName,
    ...(profile.companyDomain ? { companyUrl: profile.companyDomain } : {}),
    linkedinUrl: profile.profileUrl,
    location: profile.location,
  };
}

export class LinkedinTasks {
  private queue: JobQueue | undefined;

  constructor(
    private readonly finder: FinderService,
    private readonly db: Db,
    private readonly push: Pick<PushTarget, 'emitToUser'>,
    private readonly provider: FinderSocialNetwork,
  ) {}

  useQueue(queue: JobQueue | undefined) {
    this.queue = queue;
  }

  async create(
    caller: Caller,
    body: { url: string; accountId: number; prospectsListId: number; prospectsTotal: number; isSkipSaved: boolean; isSaveWithoutEmail: boolean },
  ): Promise<LinkedinTask> {
    if (!this.queue) throw new DomainError('service_unavailable');
    // The list must be the caller's (an empty save checks it without adding anything).
    await this.finder.save(caller, { listId: body.prospectsListId }, []);
    await requireUsableAccount(this.db, scopeOf(caller), body.accountId, this.provider.name);
    const task = await repo.insertLinkedinTask(this.db, scopeOf(caller), {
      url: body.url,
      socialAccountId: body.accountId,
      prospectsListId: body.prospectsListId,
      prospectsTotal: body.prospectsTotal,
      isSkipSaved: body.isSkipSaved,
      isSaveWithoutEmail: body.isSaveWithoutEmail,
      status: 'queued',
    });
    await this.queue.enqueue<LinkedinJobData>(LINKEDIN_JOB_NAME, { taskId: task.id }, { idempotencyKey: `finder-linkedin-${task.id}` });
    return this.toTask(task);
  }

  async list(caller: Caller, page: number) {
    const perPage = FINDER_LIMITS.historyPerPage;
    const { rows, total } = await repo.linkedinTasksOf(this.db, scopeOf(caller), page, perPage);
    return { items: rows.map((row) => this.toTask(row)), total, page, perPage, provider: this.provider.name };
  }

  /** The caller's tasks among `ids`, for a list screen's polling. */
  async batchShow(caller: Caller, ids: number[]) {
    const rows = await repo.linkedinTasksByIds(this.db, scopeOf(caller), ids);
    return { items: rows.map((row) => this.toTask(row)) };
  }

  private async owned(caller: Caller, id: number) {
    const task = await repo.linkedinTaskOf(this.db, scopeOf(caller), id);
    if (!task) throw new DomainError('not_found');
    return task;
  }

  private toTask(row: repo.LinkedinTaskRow): LinkedinTask {
    return toTask(row, this.provider.name);
  }

  async status(caller: Caller, id: number): Promise<LinkedinTask> {
    return this.toTask(await this.owned(caller, id));
  }

  async stop(caller: Caller, id: number): Promise<LinkedinTask> {
    const task = await this.owned(caller, id);
    const stopped = await repo.updateLinkedinTask(this.db, scopeOf(caller), task.id, { status: 'stopped' }, ['queued', 'in_progress']);
    if (!stopped) throw new DomainError('conflict');
    this.progress(stopped);
    return this.toTask(stopped);
  }

  async remove(caller: Caller, id: number): Promise<void> {
    const task = await this.owned(caller, id);
    const status = task.status === 'queued' || task.status === 'in_progress' ? 'stopped' : task.status;
    await repo.updateLinkedinTask(this.db, scopeOf(caller), task.id, { status, deletedAt: new Date() });
  }

  async badLinksCsv(caller: Caller, id: number): Promise<{ fileName: string; csv: string }> {
    const task = await this.owned(caller, id);
    return { fileName: `linkedin-search-${task.id}-bad-links.csv`, csv: toCsv(['url', 'reason'], task.badLinks.map((link) => [link.url, link.reason])) };
  }

  async activeCount(caller: Caller) {
    return repo.activeLinkedinCount(this.db, scopeOf(caller));
  }

  private progress(task: repo.LinkedinTaskRow) {
    const state = task.status === 'in_progress' ? 'active' : task.status === 'stopped' ? 'cancelled' : task.status;
    this.push.emitToUser(task.userId, {
      type: 'job.progress',
      payload: { jobId: linkedinProgressJobId(task.id), kind: 'linkedin.search', state, processed: task.prospectsFound, total: task.prospectsTotal },
    });
  }

  /**
   * The caller a run acts as: the task's owner as a request of theirs would see them. The queue
   * hands the run only the task's id; everything after this goes through the owner's scope.
   */
  private async ownerOf(taskId: number): Promise<Caller | undefined> {
    const userId = await repo.linkedinTaskOwnerForJob(this.db, taskId);
    return userId === undefined ? undefined : callerForUser(this.db, userId);
  }

  /** The queue gave up on the task (retries exhausted). */
  async markFailed(taskId: number): Promise<void> {
    const caller = await this.ownerOf(taskId);
    if (!caller) return;
    const failed = await repo.updateLinkedinTask(this.db, scopeOf(caller), taskId, { status: 'failed' }, ['queued', 'in_progress']);
    if (failed) this.progress(failed);
  }

  /** The job: page through the search until the wanted number of profiles is read or it runs out. */
  async run(taskId: number, signal: AbortSignal): Promise<void> {
    const caller = await this.ownerOf(taskId);
    if (!caller) return;
    const scope = scopeOf(caller);
    let task = await repo.updateLinkedinTask(this.db, scope, taskId, { status: 'in_progress' }, ['queued', 'in_progress']);
    if (!task || task.deletedAt) return;
    for (;;) {
      if (task.prospectsFound >= task.prospectsTotal) break;
      if (signal.aborted) throw new Error('linkedin search task interrupted');
      // Before every page: the account may have lost its session (or been taken back) meanwhile.
      if (accountProblem(await repo.usableLinkedinAccountOf(this.db, scope, task.socialAccountId), this.provider.name)) {
        const stopped = await repo.updateLinkedinTask(this.db, scope, taskId, { status: 'stopped', statusReason: ACCOUNT_NOT_ACTIVE }, ['in_progress']);
        if (stopped) this.progress(stopped);
        return;
      }
      const limit = Math.min(PROFILES_PER_PAGE, task.prospectsTotal - task.prospectsFound);
      let page: Awaited<ReturnType<FinderSocialNetwork['searchPage']>>;
      try {
        page = await this.provider.searchPage({ url: task.url, accountId: task.socialAccountId, offset: task.prospectsFound, limit, signal });
      } catch (error) {
        // The network refused: retrying will not help, the task fails and says why.
        if (error instanceof DomainError) {
          const failed = await repo.updateLinkedinTask(this.db, scope, taskId, { status: 'failed', statusReason: refusalKey(error) }, ['in_progress']);
          if (failed) this.progress(failed);
          return;
        }
        throw error;
      }
      const profiles = page.items.flatMap((item) => (item.kind === 'profile' ? [item.profile] : []));
      const badLinks = page.items.flatMap((item) => (item.kind === 'bad_link' ? [{ url: item.url, reason: item.reason }] : []));
      let wanted = task.isSaveWithoutEmail ? profiles : profiles.filter((profile) => profile.email);
      if (task.isSkipSaved) {
        const known = await repo.savedProfileUrls(this.db, scope, wanted.map((profile) => profile.profileUrl));
        wanted = wanted.filter((profile) => !known.has(profile.profileUrl));
      }
      // A stop between pages wins over the page just read.
      const current = await repo.linkedinTaskOf(this.db, scope, taskId);
      if (!current || current.status !== 'in_progress') return;
      let added = 0;
      if (wanted.length > 0) {
        // Sandbox people are made up: their prospects say so in their source.
        const source = this.provider.name === 'sandbox' ? SANDBOX_PROSPECT_SOURCE : undefined;
        const saved = await this.finder.save(caller, { listId: task.prospectsListId }, wanted.map(profileToProspect), source);
        added = saved.added;
        await repo.rememberSavedProfiles(this.db, scope, taskId, wanted.map((profile) => profile.profileUrl));
      }
      task = (await repo.updateLinkedinTask(this.db, scope, taskId, {
        prospectsFound: current.prospectsFound + page.items.length,
        prospectsSaved: current.prospectsSaved + added,
        badLinks: [...current.badLinks, ...badLinks],
      }))!;
      this.progress(task);
      if (page.done || page.items.length === 0) break;
    }
    const done = await repo.updateLinkedinTask(this.db, scope, taskId, { status: 'completed' }, ['in_progress']);
    if (done) this.progress(done);
  }
}
