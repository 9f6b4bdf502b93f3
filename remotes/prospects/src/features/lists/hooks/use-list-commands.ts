import { useApiErrorModal, useToast } from '@leadforge/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { useCreateFolder } from '../api/create-folder';
import { useCreateList } from '../api/create-list';
import { useDeleteList } from '../api/delete-list';
import { useMoveFolder } from '../api/move-folder';
import { useMoveListToFolder } from '../api/move-list-to-folder';
import { useRenameFolder } from '../api/rename-folder';
import { useRenameList } from '../api/rename-list';
import { useRestoreList } from '../api/restore-list';
import type { ListCommand } from '../components/lists-sidebar';

/**
 * Runs the sidebar's commands. Failures show the server's first error description in the error
 * modal (document 2 §8: rename and create list failures), "something went wrong" without one.
 */
export function useListCommands(onCreated: (listId: number) => void) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const createList = useCreateList();
  const renameList = useRenameList();
  const deleteList = useDeleteList();
  const restoreList = useRestoreList();
  const createFolder = useCreateFolder();
  const renameFolder = useRenameFolder();
  const moveFolder = useMoveFolder();
  const moveList = useMoveListToFolder();
  const onError = (error: Error) => showError(error);

  return (command: ListCommand) => {
    switch (command.kind) {
      case 'createList':
        return createList.mutate(
          { body: { type: 'prospect', name: command.name } },
          { onSuccess: (list) => { toast.success(t('lists.created', { name: list.name })); onCreated(list.id); }, onError },
        );
      case 'renameList':
        return renameList.mutate({ body: { type: 'prospect', listId: command.listId, newName: command.name } }, { onError });
      case 'moveList':
        return moveList.mutate({ body: { listId: command.listId, folderId: command.folderId } }, { onError });
      case 'deleteList':
        return deleteList.mutate(
          { body: { id: command.listId, type: 'prospect', deleteRecipients: command.deleteRecipients } },
          { onSuccess: () => toast.success(t('lists.deletedToast')), onError },
        );
      case 'restoreList':
        return restoreList.mutate({ body: { id: command.listId } }, { onError });
      case 'createFolder':
        return createFolder.mutate({ body: { name: command.name } }, { onError });
      case 'renameFolder':
        return renameFolder.mutate({ body: { id: command.folderId, name: command.name } }, { onError });
      case 'moveFolder':
        return moveFolder.mutate({ body: { id: command.folderId, position: command.position } }, { onError });
    }
  };
}
