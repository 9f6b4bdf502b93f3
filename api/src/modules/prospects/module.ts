/**
 * The prospects area's composition and its public face to other areas: the finder and the
 * LinkedIn search tasks save what they find into prospect lists through `addFoundProspects`.
 * Its services take the request's Caller; their repositories keep every statement in its scope.
 */
import type { JobQueue } from '../../jobs/queue';
import type { AreaDeps } from '../../platform';
import type { Caller } from '../account/caller';
import { DomainError } from '../../http/domain-error';
import type { VerificationModule } from '../verification/module';
import { ownList, ownScope } from './access';
import { ColumnsService } from './columns/service';
import { CompaniesService } from './companies/service';
import { CustomFieldsService } from './custom-fields/service';
import { EmailChecksService, VERIFY_EMAILS_JOB, runEmailVerification, type VerifyEmailsJobData } from './emails/service';
import { FoldersService } from './folders/service';
import { IMPORT_JOB } from './import/csv';
import { runImport } from './import/run-import';
import { ImportService } from './import/service';
import { writeBatch } from './import/write-batch';
import type { ParsedRow } from './import/csv';
import { insertList } from './lists/repository';
import { ListsService } from './lists/service';
import { cleanText, toWebUrl } from './normalise';
import { NotesService } from './notes/service';
import { ProspectService } from './prospect/service';
import { SearchService } from './search/service';
import { TableService } from './table/service';
import { TAG_JOB, runTagging, type TagJobData } from './tags/tagging';
import { TagsService } from './tags/service';

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
   * Saves found prospects into a list of the owner (an existing list by id, or a new list by
   * name), applying the duplicate rules of the prospects area. The owner is the request's Caller
   * or, for a job acting for its user, that user's `{ userId, accountId }`. Throws
   * DomainError('not_found') for a list the owner may not write to.
   */
  addFoundProspects(
    owner: Pick<Caller, 'userId' | 'accountId'>,
    target: { listId: number } | { listName: string },
    rows: FoundProspect[],
    /** The prospects' source when not the default 'finder' (e.g. 'sandbox_network'). */
    options?: { source?: string },
  ): Promise<{ listId: number; added: number; duplicates: number }>;
  readonly lists: ListsService;
  readonly folders: FoldersService;
  readonly table: TableService;
  readonly prospect: ProspectService;
  readonly notes: NotesService;
  readonly tags: TagsService;
  readonly customFields: CustomFieldsService;
  readonly columns: ColumnsService;
  readonly search: SearchService;
  readonly companies: CompaniesService;
  readonly imports: ImportService;
  readonly emails: EmailChecksService;
  /**
   * Starts a background job (or runs it here when no queue is attached; a delayed job then does
   * not run at all, as nothing durable would hold it).
   */
  enqueue(name: string, data: unknown, idempotencyKey: string, options?: { startAfterSeconds?: number }): Promise<void>;
}

/** A found prospect as an import row (the same duplicate rules and child rows as a CSV row). */
function parsedRowOf(row: FoundProspect, index: number): ParsedRow[] {
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
}

export function createProspectsModule(deps: AreaDeps & { verification: VerificationModule }): ProspectsModule {
  const { db } = deps;
  let queue: JobQueue | undefined;
  const runInline = new Map<string, (data: unknown) => Promise<void>>();
  const jobs = {
    async enqueue(name: string, data: unknown, idempotencyKey: string, options?: { startAfterSeconds?: number }) {
      if (queue) {
        await queue.enqueue(name, data, { idempotencyKey, ...options });
        return;
      }
      if (options?.startAfterSeconds) return;
      // Without a queue (tests that run no jobs) the work runs in this process, after the answer.
      const run = runInline.get(name);
      if (run) void run(data).catch(() => undefined);
    },
  };
  runInline.set(IMPORT_JOB, (data) => runImport({ db, importId: (data as { importId: string }).importId, push: deps.push }));
  runInline.set(TAG_JOB, (data) => runTagging(db, data as TagJobData));
  runInline.set(VERIFY_EMAILS_JOB, (data) => runEmailVerification(db, deps.verification, data as VerifyEmailsJobData));

  return {
    lists: new ListsService(db),
    folders: new FoldersService(db),
    table: new TableService(db),
    prospect: new ProspectService(db),
    notes: new NotesService(db),
    tags: new TagsService(db),
    customFields: new CustomFieldsService(db),
    columns: new ColumnsService(db),
    search: new SearchService(db),
    companies: new CompaniesService(db),
    imports: new ImportService(db, jobs),
    emails: new EmailChecksService(db, deps.verification, (name, data, key) => jobs.enqueue(name, data, key)),
    enqueue: (name, data, idempotencyKey, options) => jobs.enqueue(name, data, idempotencyKey, options),
    useQueue(next) {
      queue = next;
    },
    async addFoundProspects(owner, target, rows, options) {
      const scope = ownScope(owner);
      const list =
        'listId' in target
          ? await ownList(db, scope, target.listId).catch(() => {
              throw new DomainError('not_found');
            })
          : await insertList(db, scope, { type: 'prospect', name: cleanText(target.listName)?.slice(0, 255) ?? 'Found prospects' });
      const parsed = rows.flatMap(parsedRowOf);
      const outcome = await db.transaction((tx) =>
        writeBatch(tx, scope, { id: 'found', listId: list.id, duplicatePolicy: 'skip', ...(options?.source ? { source: options.source } : {}) }, parsed),
      );
      return { listId: list.id, added: outcome.imported, duplicates: outcome.skipped };
    },
  };
}
