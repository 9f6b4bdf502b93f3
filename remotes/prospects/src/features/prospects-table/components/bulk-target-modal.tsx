import { useState } from 'react';
import { Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';

export type BulkTarget = { kind: 'move' | 'copy'; listId: number } | { kind: 'tag'; tags: string[] };

export type BulkTargetModalProps = {
  kind: 'move' | 'copy' | 'tag' | null;
  lists: { id: number; name: string }[];
  tags: { id: number; name: string }[];
  onSubmit: (target: BulkTarget) => void;
  onCancel: () => void;
};

/** Asks where to move or copy the selection, or which tags to put on it (new names create tags). */
export function BulkTargetModal({ kind, lists, tags, onSubmit, onCancel }: BulkTargetModalProps) {
  const { t } = useTranslation(NAMESPACE);
  const [listId, setListId] = useState<number | undefined>();
  const [tagNames, setTagNames] = useState<string[]>([]);
  const ready = kind === 'tag' ? tagNames.length > 0 : listId !== undefined;
  const handleOk = () => {
    if (kind === 'tag') onSubmit({ kind, tags: tagNames });
    else if (kind && listId !== undefined) onSubmit({ kind, listId });
    setListId(undefined);
    setTagNames([]);
  };
  return (
    <Modal
      open={kind !== null}
      title={kind ? t(`bulk.targets.${kind}`) : undefined}
      okText={t('actions.apply')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: !ready }}
      onOk={handleOk}
      onCancel={onCancel}
      destroyOnHidden
    >
      {kind === 'tag' ? (
        <Select
          mode="tags"
          style={{ width: '100%' }}
          aria-label={t('bulk.targets.tag')}
          value={tagNames}
          options={tags.map((tag) => ({ value: tag.name, label: tag.name }))}
          onChange={setTagNames}
        />
      ) : (
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: '100%' }}
          aria-label={t('bulk.targets.list')}
          value={listId}
          options={lists.map((list) => ({ value: list.id, label: list.name }))}
          onChange={setListId}
        />
      )}
    </Modal>
  );
}
