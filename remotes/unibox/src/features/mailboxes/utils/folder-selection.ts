import type { ThreadView } from '../../threads/utils/thread-filters';

/** A place in the left pane: everything, starred, trash, one mailbox, or one folder of one mailbox. */
export type FolderKey = 'all' | 'starred' | 'trash' | `account:${number}` | `folder:${number}:${string}`;

export const accountKey = (id: number): FolderKey => `account:${id}`;
export const folderKey = (id: number, name: string): FolderKey => `folder:${id}:${name}`;

/** Which entry of the pane the view is (the other filters, text, campaigns and leads, stay as they are). */
export function selectedFolder(view: ThreadView): FolderKey {
  if (view.trash) return 'trash';
  const [only] = view.emailAccountIds;
  if (view.emailAccountIds.length === 1 && only !== undefined) return view.folder ? folderKey(only, view.folder) : accountKey(only);
  if (view.isStarred) return 'starred';
  return 'all';
}

/** The view after choosing `key` in the pane. */
export function viewForFolder(view: ThreadView, key: FolderKey): ThreadView {
  const base = { ...view, trash: false, folder: null };
  if (key === 'all') return { ...base, emailAccountIds: [], isStarred: false };
  if (key === 'starred') return { ...base, emailAccountIds: [], isStarred: true };
  if (key === 'trash') return { ...base, emailAccountIds: [], isStarred: false, trash: true };
  const [kind, id, ...name] = key.split(':');
  const emailAccountIds = [Number(id)];
  return kind === 'folder' ? { ...base, emailAccountIds, folder: name.join(':') } : { ...base, emailAccountIds };
}
