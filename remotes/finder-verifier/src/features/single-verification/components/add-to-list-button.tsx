import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { ListTargetModal, type ListTarget } from '../../target-lists/components/list-target-modal';
import { useAddVerifiedToList } from '../api/add-verified-to-list';

export type AddToListButtonProps = {
  /** Verification record ids to save. */
  ids: number[];
};

/** Saves verified addresses as prospects: into one of the caller's lists or a new one. */
export function AddToListButton({ ids }: AddToListButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const [open, setOpen] = useState(false);
  const mutation = useAddVerifiedToList();
  const handleSubmit = (target: ListTarget) =>
    mutation.mutate(
      { body: { ids, ...target } },
      {
        onSuccess: (data) => {
          toast.success(t('addToList.done', { count: data.added, duplicates: data.duplicates }));
          setOpen(false);
        },
        onError: (error) => showError(error),
      },
    );
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={ids.length === 0}>
        {t('addToList.button')}
      </Button>
      <ListTargetModal open={open} saving={mutation.isPending} onSubmit={handleSubmit} onClose={() => setOpen(false)} />
    </>
  );
}
