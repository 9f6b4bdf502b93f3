/** Folders of the lists sidebar: the caller's own, ordered by hand, holding their prospect and company lists. */
import type { Db } from '../../../db/types';
import { DomainError } from '../../../http/domain-error';
import { scopeOf, type Caller } from '../../account/caller';
import { ownList } from '../access';
import { cleanText } from '../normalise';
import * as repo from './repository';

export class FoldersService {
  constructor(private readonly db: Db) {}

  folders(caller: Caller) {
    return repo.foldersOf(this.db, scopeOf(caller));
  }

  async createFolder(caller: Caller, name: string) {
    const folder = await repo.insertFolder(this.db, scopeOf(caller), cleanText(name) ?? name.trim());
    return { id: folder.id, name: folder.name, position: folder.position, lists: [] };
  }

  async renameFolder(caller: Caller, id: number, name: string) {
    const scope = scopeOf(caller);
    if (!(await repo.folderById(this.db, scope, id))) throw new DomainError('not_found');
    await repo.renameFolder(this.db, scope, id, cleanText(name) ?? name.trim());
    return (await repo.foldersOf(this.db, scope)).find((folder) => folder.id === id)!;
  }

  async deleteFolder(caller: Caller, id: number) {
    const scope = scopeOf(caller);
    if (!(await repo.folderById(this.db, scope, id))) throw new DomainError('not_found');
    await repo.deleteFolder(this.db, scope, id);
    return { ok: true as const };
  }

  async moveFolder(caller: Caller, id: number, position: number) {
    const scope = scopeOf(caller);
    const folders = await repo.foldersOf(this.db, scope);
    if (!folders.some((folder) => folder.id === id)) throw new DomainError('not_found');
    const order = folders.map((folder) => folder.id).filter((folderId) => folderId !== id);
    order.splice(Math.min(position, order.length), 0, id);
    await this.db.transaction((tx) => repo.setFolderPositions(tx, scope, order));
    return { folders: await repo.foldersOf(this.db, scope) };
  }

  /** Prospect lists and company lists share the folders. */
  async fileList(caller: Caller, listId: number, folderId: number | null, fromFolderId: number | null | undefined) {
    const scope = scopeOf(caller);
    await ownList(this.db, scope, listId, 'any');
    const ids = (await repo.foldersOf(this.db, scope)).map((folder) => folder.id);
    if (folderId !== null && !ids.includes(folderId)) throw new DomainError('not_found');
    if (fromFolderId && !ids.includes(fromFolderId)) throw new DomainError('not_found');
    await repo.fileList(this.db, scope, listId, folderId, fromFolderId);
    return { folders: await repo.foldersOf(this.db, scope) };
  }
}
