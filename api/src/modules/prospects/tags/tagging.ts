/** The background tagging job: tags a whole list, all of the owner's prospects or a large selection, in batches with progress. */
import type { ProspectFilter } from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import { DomainError } from '../../../http/domain-error';
import { callerForUser, scopeOf } from '../../account/caller';
import { filterConditions } from '../table/filters';
import { selectionBatch, selectionIds, selectionSize, type ListingSource } from '../table/repository';
import * as repo from './repository';

export const TAG_JOB = 'prospects.tag';
/** Prospects tagged per statement by the background tagging. */
const TAG_BATCH = 5_000;

/** An "all matching" selection as the tagging job needs it (resolved and checked by the call). */
export interface TagSelection {
  /** Where the selection looks (named `scope` in job payloads already queued). */
  scope: ListingSource;
  filter: ProspectFilter;
  excludeIds: number[];
  readableListIds: number[];
}

export interface TagJobData {
  processId: string;
  userId: number;
  listId: number | null;
  tagIds: number[];
  /** Only the prospects of this selection (else the whole list, or all the owner's prospects). */
  selection?: TagSelection | undefined;
}

/**
 * Tags the owner's prospects of the job in batches, recording progress. It acts as the user who
 * asked, in their scope as of now: only their own prospects and tags are touched.
 */
export async function runTagging(db: Db, data: TagJobData): Promise<void> {
  const caller = await callerForUser(db, data.userId).catch((error: unknown) => {
    // The user is gone (and their process with them): nothing is left to tag.
    if (error instanceof DomainError) return null;
    throw error;
  });
  if (!caller) return;
  const scope = scopeOf(caller);
  const process = await repo.tagProcessById(db, scope, data.processId);
  if (!process || process.status === 'done') return;
  const selection = data.selection;
  const candidates = selection
    ? selectionIds(scope, selection.scope, filterConditions(selection.filter, selection.readableListIds), selection.excludeIds)
    : selectionIds(scope, { listId: data.listId, ownerIds: [scope.userId] }, [], []);
  const total = await selectionSize(db, candidates);
  await repo.updateTagProcess(db, scope, data.processId, { total });
  let lastId = 0;
  let processed = 0;
  for (;;) {
    const ids = await selectionBatch(db, candidates, lastId, TAG_BATCH);
    if (ids.length === 0) break;
    lastId = ids[ids.length - 1]!;
    await db.transaction(async (tx) => {
      await repo.tagProspects(tx, scope, data.tagIds, ids);
      processed += ids.length;
      await repo.updateTagProcess(tx, scope, data.processId, { processed });
    });
  }
  await repo.updateTagProcess(db, scope, data.processId, { status: 'done', processed: total });
}
