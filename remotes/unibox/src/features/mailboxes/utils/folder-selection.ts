import type { ThreadView } from '../../threads/utils/thread-filters';

/**
 * A place in the left pane: everything, starred, trash, one mailbox, one folder of one mailbox,
 * or one LinkedIn account.
 */
export type FolderKey =
  | 'all'
  | 'starred'
  | 'trash'
  | `account:${number}`
  | `folder:${number}:${string}`
  | `linkedin:${number}`;

export const accountKey = (id: number): FolderKey => `account:${id}`;
export const folderKey = (id: number, name: string): FolderKey => `folder:${id}:${name}`;
export const linkedinKey = (id: number): FolderKey => `linkedin:${id}`;

/** Which entry of the pane the view is (the other filters, text, campaigns and leads, stay as they are). */
export function selectedFolder(view: ThreadView): FolderKey {
  if (view.trash) return 'trash';
  const [only] = view.emailAccountIds;
  const [onlyLinkedin] = view.linkedinAccountIds;
  if (view.emailAccountIds.length === 1 && only !== undefined && view.linkedinAccountIds.length === 0)
    return view.folder ? folderKey(only, view.folder) : accountKey(only);
  if (view.linkedinAccountIds.length === 1 && onlyLinkedin !== undefined && view.emailAccountIds.length === 0) return linkedinKey(onlyLinkedin);
  if (view.isStarred) return 'starred';
  return 'all';
}

/** The view after choosing `key` in the pane. */
export function viewForFolder(view: ThreadView, key: FolderKey): ThreadView {
  const base = { ...view, trash: false, folder: null, emailAccountIds: [], linkedinAccountIds: [] };
  if (key === 'all') return { ...base, isStarred: false };
  if (key === 'starred') return { ...base, isStarred: true };
  if (key === 'trash') return { ...base, isStarred: false, trash: true };
  const [kind, id, ...name] = key.split(':');
  if (kind === 'linkedin') return { ...base, linkedinAccountIds: [Number(id)] };
  const emailAccountIds = [Number(id)];
  return kind === 'folder' ? { ...base, emailAccountIds, folder: name.join(':') } : { ...base, emailAccountIds };
}
