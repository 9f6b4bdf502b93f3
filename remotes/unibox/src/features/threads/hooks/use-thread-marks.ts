import { useTranslation } from 'react-i18next';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { ownerPart } from '../../owner/hooks/use-mailbox-owner';
import { useDeleteThreads } from '../api/delete-threads';
import { useMarkRead } from '../api/mark-read';
import { useStarThreads } from '../api/star-threads';

/** The three marks on whole threads, with their toasts and the shared error modal. */
export function useThreadMarks(forUserId: number | undefined) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const read = useMarkRead();
  const star = useStarThreads();
  const remove = useDeleteThreads();
  return {
    pending: read.isPending || star.isPending || remove.isPending,
    markRead: (threadIds: number[], isRead: boolean, options: { quiet?: boolean } = {}) =>
      read.mutate(
        { body: { ...ownerPart(forUserId), threadIds, isRead } },
        { onError: (error) => showError(error), onSuccess: () => (options.quiet ? undefined : toast.success(t(isRead ? 'toasts.read' : 'toasts.unread'))) },
      ),
    star: (threadIds: number[], isStarred: boolean) =>
      star.mutate({ body: { ...ownerPart(forUserId), threadIds, isStarred } }, { onError: (error) => showError(error) }),
    remove: (threadIds: number[], onDone?: () => void) =>
      remove.mutate(
        { body: { ...ownerPart(forUserId), threadIds } },
        {
          onError: (error) => showError(error),
          onSuccess: () => {
            toast.success(t('toasts.deleted'));
            onDone?.();
          },
        },
      ),
  };
}
