/**
 * The lists sidebar's tree: folders by position, each with its lists, then the lists in no folder.
 * The 'me' filter keeps only the viewer's own lists (document 1 §6 "Lists").
 */
import type { ListFolder, ProspectList } from '@leadforge/contracts';

export const OWNER_FILTERS = ['all', 'me'] as const;
export type OwnerFilter = (typeof OWNER_FILTERS)[number];

/**
 * A folder as the sidebar call answers it: the entity, with the ids of the lists filed in it. Prospect
 * and company lists share the folders, so `lists` may hold ids of lists of the other kind: they match
 * none of the lists grouped and are left out.
 */
export type SidebarFolder = ListFolder & { lists?: number[] };

/** What can be filed in a folder: a prospect list, or a company list under its display name. */
export interface FileableList {
  id: number;
  name: string;
  folders: readonly number[];
}

export interface FolderNode<L extends FileableList = ProspectList> {
  folder: SidebarFolder;
  lists: L[];
}

export interface ListsTree<L extends FileableList = ProspectList> {
  folders: FolderNode<L>[];
  unfiled: L[];
}

export function filterByOwner<L extends ProspectList>(lists: readonly L[], filter: OwnerFilter | string, userId: number | null): L[] {
  return filter === 'me' ? lists.filter((list) => list.userId === userId) : [...lists];
}

export function groupLists<L extends FileableList>(folders: readonly SidebarFolder[], lists: readonly L[]): ListsTree<L> {
  // A list is in a folder when either side says so (the folder's ids or the list's folders). Only the
  // lists given are placed: an id of a folder that is not among them (another kind of list) adds no row.
  const inFolder = (list: L, folder: SidebarFolder) => list.folders.includes(folder.id) || (folder.lists ?? []).includes(list.id);
  const byName = (a: L, b: L) => a.name.localeCompare(b.name);
  return {
    folders: [...folders]
      .sort((a, b) => a.position - b.position)
      .map((folder) => ({ folder, lists: lists.filter((list) => inFolder(list, folder)).sort(byName) })),
    unfiled: lists.filter((list) => !folders.some((folder) => inFolder(list, folder))).sort(byName),
  };
}

/** New positions after dragging folder `fromIndex` to `toIndex` (folders/move). */
export function reorderFolders<F extends ListFolder>(folders: readonly F[], fromIndex: number, toIndex: number): F[] {
  const ordered = [...folders].sort((a, b) => a.position - b.position);
  const [moved] = ordered.splice(fromIndex, 1);
  if (!moved) return ordered;
  ordered.splice(toIndex, 0, moved);
  return ordered.map((folder, position) => ({ ...folder, position }));
}
