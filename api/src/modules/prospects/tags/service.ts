/**
 * Tags: the caller's own, put on chosen prospects at once, on an "all matching" selection at once
 * up to TAG_INLINE_MAX, and on a whole list (or a larger selection) by the tagging job.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/types';
import { DomainError } from '../../../http/domain-error';
import { scopeOf, type Caller, type Scope } from '../../account/caller';
import { ownList, readableList } from '../access';
import { cleanText } from '../normalise';
import { ownedProspectIds } from '../prospect/repository';
import { selectionIds, selectionSizeUpTo } from '../table/repository';
import { resolveSelection, type ParsedSelection } from '../table/selection';
import * as repo from './repository';
import type { TagSelection } from './tagging';

/** A tag selection up to this size is tagged within the call; a larger one by the tagging job. */
const TAG_INLINE_MAX = 10_000;

export type TagTarget = number[] | { listId: number | null } | { selection: ParsedSelection };
export type EnqueueTagging = (processId: string, tagIds: number[], selection?: TagSelection) => Promise<void>;

export class TagsService {
  constructor(private readonly db: Db) {}

  async customTags(caller: Caller) {
    return { tags: await repo.tagsWithCounts(this.db, scopeOf(caller)) };
  }

  async listTags(caller: Caller, listId: number) {
    const scope = scopeOf(caller);
    if (listId === 0) return { tags: await repo.tagsOfOwners(this.db, scope, [caller.userId]) };
    await readableList(this.db, scope, listId);
    return { tags: await repo.tagsOfList(this.db, scope, listId) };
  }

  /**
   * Tags chosen prospects at once; tagging a whole list runs in the background (a durable job)
   * and answers an in_progress process that check-create is polled with.
   */
  async saveTags(caller: Caller, names: string[], target: TagTarget, enqueue: EnqueueTagging) {
    const clean = names.map((name) => cleanText(name)).filter((name): name is string => Boolean(name));
    if (clean.length === 0) throw new DomainError('field_invalid', { field: 'tags' });
    const scope = scopeOf(caller);
    if ('selection' in target) {
      const resolved = await resolveSelection(this.db, caller, target.selection);
      const chosen = selectionIds(scope, resolved.source, resolved.conditions, target.selection.excludeIds);
      const size = await selectionSizeUpTo(this.db, chosen, TAG_INLINE_MAX + 1);
      const tagIds = (await repo.ensureTags(this.db, scope, clean)).map((t) => t.id);
      const id = randomUUID();
      if (size <= TAG_INLINE_MAX) {
        await repo.tagSelection(this.db, scope, chosen, tagIds);
        await repo.insertTagProcess(this.db, scope, { id, listId: target.selection.listId, status: 'done', processed: size, total: size });
        return { tags: await this.tagsNamed(scope, tagIds), process: { id, status: 'done' as const, processed: size, total: size } };
      }
      // A large selection is tagged by the durable job, in batches, with progress (check-create).
      await repo.insertTagProcess(this.db, scope, { id, listId: target.selection.listId, status: 'in_progress' });
      await enqueue(id, tagIds, { ...target.selection, scope: resolved.source, readableListIds: resolved.readableListIds });
      return { tags: await this.tagsNamed(scope, tagIds), process: { id, status: 'in_progress' as const, processed: 0, total: 0 } };
    }
    if (Array.isArray(target)) {
      const owned = await ownedProspectIds(this.db, scope, target);
      if (owned.length !== new Set(target).size) throw new DomainError('forbidden', { field: 'prospects' });
      const tagIds = (await repo.ensureTags(this.db, scope, clean)).map((t) => t.id);
      await repo.tagProspects(this.db, scope, tagIds, owned);
      const id = randomUUID();
      await repo.insertTagProcess(this.db, scope, { id, listId: null, status: 'done', processed: owned.length, total: owned.length });
      return { tags: await this.tagsNamed(scope, tagIds), process: { id, status: 'done' as const, processed: owned.length, total: owned.length } };
    }
    if (target.listId !== null) await ownList(this.db, scope, target.listId);
    const tagIds = (await repo.ensureTags(this.db, scope, clean)).map((t) => t.id);
    const id = randomUUID();
    await repo.insertTagProcess(this.db, scope, { id, listId: target.listId, status: 'in_progress' });
    await enqueue(id, tagIds);
    return { tags: await this.tagsNamed(scope, tagIds), process: { id, status: 'in_progress' as const, processed: 0, total: 0 } };
  }

  private async tagsNamed(scope: Scope, ids: number[]) {
    return (await repo.tagsWithCounts(this.db, scope)).filter((tag) => ids.includes(tag.id));
  }

  async tagProcess(caller: Caller, id: string) {
    const process = await repo.tagProcessById(this.db, scopeOf(caller), id);
    if (!process) throw new DomainError('not_found');
    return { id: process.id, status: process.status === 'done' ? ('done' as const) : ('in_progress' as const), processed: process.processed, total: process.total };
  }

  async deleteTag(caller: Caller, tagId: number, prospectIds: number[] | undefined) {
    const scope = scopeOf(caller);
    if (!(await repo.tagById(this.db, scope, tagId))) throw new DomainError('not_found');
    if (prospectIds && prospectIds.length > 0) {
      const owned = await ownedProspectIds(this.db, scope, prospectIds);
      return { removed: await repo.untag(this.db, scope, tagId, owned) };
    }
    return { removed: await repo.deleteTag(this.db, scope, tagId) };
  }
}
