/**
 * Which bulk actions the prospects page offers (document 1 §6): a move takes prospects out of the
 * list shown, so All contacts offers none; anything the list's `showOptions` (and `canExport`) from
 * /prospects/list-prospects forbids is left out too.
 */
import type { ListProspectsResponse } from '@leadforge/contracts';
import { BULK_ACTIONS, type BulkAction } from './selection';

export type ListPermissions = Pick<ListProspectsResponse, 'showOptions' | 'canExport'>;

export function offeredBulkActions(listId: number | null, permissions: ListPermissions | undefined): BulkAction[] {
  // Until the page has answered nothing is known to be allowed (nothing can be selected yet either).
  if (!permissions) return [];
  const { showOptions, canExport } = permissions;
  const allowed: Record<BulkAction, boolean> = {
    move: listId !== null && showOptions.canEdit,
    // Copying files the prospects in another list: an edit of the prospects' lists.
    copy: showOptions.canEdit,
    tag: showOptions.canTag,
    delete: showOptions.canDelete,
    verify: showOptions.canVerify,
    export: canExport,
  };
  return BULK_ACTIONS.filter((action) => allowed[action]);
}
