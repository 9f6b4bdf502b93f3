/**
 * The prospects area's composition and its public face to other areas: the finder and the
 * LinkedIn search tasks save what they find into prospect lists through `addFoundProspects`.
 */
import type { JobQueue } from '../../jobs/queue';
import { VERIFY_EMAILS_JOB, runEmailVerification, type VerifyEmailsJobData } from './email-checks';
import type { AreaDeps } from '../../platform';
import type { VerificationActor, VerificationModule } from '../verification/module';
import { DomainError } from '../../http/domain-error';
import { ownList } from './access';
import { IMPORT_JOB, writeBatch, type ParsedRow } from './csv';
import { ImportService, TAG_JOB, runTagging, type TagJobData } from './import-service';
import { runImport } from './csv';
import { cleanText, toWebUrl } from './normalise';
import * as repo from './repository';
import { ProspectsService } from './service';

/** A prospect found by another area (finder, domain search, LinkedIn task). */
export interface FoundProspect {
  name: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  /** Verification status already known for the email (skips a second check). */
  emailStatus?: 'valid' | 'not_valid' | 'catch_all' | 'unknown' | 'greylist' | undefined;
  position?: string | undefined;
  companyName?: string | undefined;
  companyUrl?: string | undefined;
  linkedinUrl?: string | undefined;
  country?: string | undefined;
  location?: string | undefined;
}

export interface ProspectsModule {
  /** Called once the durable job queue has started (absent in tests that run without jobs). */
  useQueue(queue: JobQueue | undefined): void;
  /**
   * Saves found prospects into a list of the actor (an existing list by id, or a new list by
   * name), applying the duplicate rules of the prospects area. Throws DomainError('not_found')
   * for a list the actor may not write to.
   */
  addFoundProspects(
    actor: VerificationActor,
    target: { listId: number } | { listName: string },
    rows: FoundProspect[],
    /** The prospects' source when not the default 'finder' (e.g. 'sandbox_network'). */
    options?: { source?: string },
  ): Promise<{ listId: number; added: number; duplicates: number }>;
  readonly service: ProspectsService;
  readonly imports: ImportService;
  readonly verification: VerificationModule;
  /**
   * Starts a background job (or runs it here when no queue is attached; a delayed job then does
   * not run at all, as nothing durable would hold it).
   */
  enqueue(name: string, data: unknown, idempotencyKey: string, options?: { startAfterSeconds?: number }): Promise<void>;
}

export function createProspectsModule(deps: AreaDeps & { verification: VerificationModule }): ProspectsModule {
  let queue: JobQueue | undefined;
  const service = new ProspectsService(deps.db, deps.accounts);
  const runInline = new Map<string, (data: unknown) => Promise<void>>();
  const module: ProspectsModule = {
    service,
    verification: deps.verification,
    imports: undefined as unknown as ImportService,
    useQueue(next) {
      queue = next;
    },
    async enqueue(name, data, idempotencyKey, options) {
      if (queue) {
        await queue.enqueue(name, data, { idempotencyKey, ...options });
        return;
      }
      if (options?.startAfterSeconds) return;
      // Without a queue (tests that run no jobs) the work runs in this process, after the answer.
      const run = runInline.get(name);
      if (run) void run(data).catch(() => undefined);
    },
    async addFoundProspects(actor, target, rows, options) {
      const list =
        'listId' in target
          ? await ownList(deps.db, actor, target.listId).catch(() => {
              throw new DomainError('not_found');
            })
          : await repo.insertList(deps.db, { accountId: actor.accountId, userId: actor.userId, type: 'prospect', name: cleanText(target.listName)?.slice(0, 255) ?? 'Found prospects' });
      const parsed: ParsedRow[] = rows.flatMap((row, index) => {
        const name = cleanText(row.name) ?? cleanText([row.firstName, row.lastName].filter(Boolean).join(' '));
        if (!name) return [];
        const company = row.companyName || row.companyUrl || row.position ? { name: row.companyName?.trim() ?? '', url: row.companyUrl?.trim() ?? '', position: cleanText(row.position) ?? '' } : null;
        return [
          {
            row: index + 1,
            name: name.slice(0, 251),
            firstName: cleanText(row.firstName),
            lastName: cleanText(row.lastName),
            emails: row.email ? [row.email.trim().toLowerCase()] : [],
            phones: [],
            company,
            industry: null,
            country: cleanText(row.country),
            locality: cleanText(row.location),
            social: toWebUrl(row.linkedinUrl),
            tags: [],
            custom: [],
            emailStatus: row.emailStatus,
          },
        ];
      });
      const outcome = await deps.db.transaction((tx) =>
        writeBatch(tx, { id: 'found', accountId: actor.accountId, userId: actor.userId, listId: list.id, duplicatePolicy: 'skip', ...(options?.source ? { source: options.source } : {}) }, parsed),
      );
      return { listId: list.id, added: outcome.imported, duplicates: outcome.skipped };
    },
  };
  const imports = new ImportService(deps.db, module);
  (module as { imports: ImportService }).imports = imports;
  runInline.set(IMPORT_JOB, (data) => runImport({ db: deps.db, importId: (data as { importId: string }).importId, push: deps.push }));
  runInline.set(TAG_JOB, (data) => runTagging(deps.db, data as TagJobData));
  runInline.set(VERIFY_EMAILS_JOB, (data) => runEmailVerification(deps.db, deps.verification, data as VerifyEmailsJobData));
  return module;
}
