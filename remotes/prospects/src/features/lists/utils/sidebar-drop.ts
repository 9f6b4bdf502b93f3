/**
 * What a drag in the lists sidebar means (folders reordered, a list filed into a folder or taken
 * out of one), as the same commands the sidebar's menu entries send. Drag ids are strings:
 * `folder:<id>`, `list:<folderId or 0>:<listId>` (a list can show in more than one folder) and
 * `unfiled` for the "no folder" drop zone.
 */
import type { ListCommand } from '../components/lists-sidebar';

export type DragItem =
  { kind: 'folder'; folderId: number } | { kind: 'list'; listId: number; fromFolderId: number | null } | { kind: 'unfiled' };

export const UNFILED_DROP_ID = 'unfiled';
export const folderDragId = (folderId: number) => `folder:${folderId}`;
export const listDragId = (listId: number, folderId: number | null) => `list:${folderId ?? 0}:${listId}`;

export function parseDragId(id: string | number): DragItem | null {
  const parts = String(id).split(':');
  if (parts[0] === UNFILED_DROP_ID && parts.length === 1) return { kind: 'unfiled' };
  if (parts[0] === 'folder' && parts.length === 2) return { kind: 'folder', folderId: Number(parts[1]) };
  if (parts[0] === 'list' && parts.length === 3) {
    const folderId = Number(parts[1]);
    return { kind: 'list', listId: Number(parts[2]), fromFolderId: folderId === 0 ? null : folderId };
  }
  return null;
}

/**
 * The command a drop sends, or null when it changes nothing. `folderIds` are the folders in their
 * shown order; a folder dropped on another takes that one's place (folders/move puts it at that
 * position and renumbers the rest).
 */
export function dropCommand(
  activeId: string | number,
  overId: string | number | null,
  folderIds: readonly number[],
): ListCommand | null {
  if (overId === null) return null;
  const active = parseDragId(activeId);
  const over = parseDragId(overId);
  if (!active || !over) return null;
  if (active.kind === 'folder' && over.kind === 'folder') {
    const to = folderIds.indexOf(over.folderId);
    if (to === -1 || active.folderId === over.folderId) return null;
    return { kind: 'moveFolder', folderId: active.folderId, position: to };
  }
  if (active.kind === 'list' && over.kind === 'folder') {
    if (active.fromFolderId === over.folderId) return null;
    return { kind: 'moveList', listId: active.listId, folderId: over.folderId };
  }
  if (active.kind === 'list' && over.kind === 'unfiled') {
    if (active.fromFolderId === null) return null;
    return { kind: 'moveList', listId: active.listId, folderId: null };
  }
  return null;
}
