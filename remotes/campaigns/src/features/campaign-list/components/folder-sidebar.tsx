import { useState } from 'react';
import { Badge, Button, Flex, Input, Menu, Modal, Popconfirm, Tooltip, Typography } from 'antd';
import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import FolderAddOutlined from '@ant-design/icons/es/icons/FolderAddOutlined';
import { useTranslation } from 'react-i18next';
import type { CampaignFolder } from '@leadforge/contracts';
import { ErrorState, LoadingState, useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useCreateCampaignFolder } from '../api/create-campaign-folder';
import { useDeleteCampaignFolder } from '../api/delete-campaign-folder';
import { useListCampaignFolders } from '../api/list-campaign-folders';
import { useRenameCampaignFolder } from '../api/rename-campaign-folder';
import { useSortCampaignFolders } from '../api/sort-campaign-folders';
import type { FolderSelection } from '../utils/list-filters';

export type FolderSidebarProps = {
  value: FolderSelection;
  onChange(next: FolderSelection): void;
};

/** The ids in their new order after moving one folder up (-1) or down (+1). */
export function movedFolderIds(folders: readonly CampaignFolder[], id: number, by: -1 | 1): number[] {
  const ids = folders.map((folder) => folder.id);
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

type NameDialog = { mode: 'create' } | { mode: 'rename'; folder: CampaignFolder };

/**
 * Folders beside the list: every campaign, those in no folder, then the caller's folders in
 * their order. Folders are created, renamed, deleted (their campaigns stay, in no folder) and
 * ordered with the arrows beside each (keyboard-reachable; the order is saved on the server).
 */
export function FolderSidebar({ value, onChange }: FolderSidebarProps) {
  const { t } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const folders = useListCampaignFolders();
  const create = useCreateCampaignFolder();
  const rename = useRenameCampaignFolder();
  const remove = useDeleteCampaignFolder();
  const sort = useSortCampaignFolders();
  const [dialog, setDialog] = useState<NameDialog | null>(null);
  const [name, setName] = useState('');

  const openDialog = (next: NameDialog) => {
    setName(next.mode === 'rename' ? next.folder.name : '');
    setDialog(next);
  };

  const handleSaveName = () => {
    const trimmed = name.trim();
    if (!dialog || trimmed.length === 0) return;
    const done = { onSuccess: () => setDialog(null), onError: (error: Error) => showError(error) };
    if (dialog.mode === 'create') create.mutate({ body: { name: trimmed } }, done);
    else rename.mutate({ params: { id: dialog.folder.id }, body: { name: trimmed } }, done);
  };

  const handleDelete = (folder: CampaignFolder) =>
    remove.mutate(
      { params: { id: folder.id } },
      {
        onSuccess: () => {
          if (value === folder.id) onChange('all');
        },
        onError: (error) => showError(error),
      },
    );

  const handleMove = (folder: CampaignFolder, by: -1 | 1) => {
    const items = folders.data?.items ?? [];
    sort.mutate({ body: { ids: movedFolderIds(items, folder.id, by) } }, { onError: (error) => showError(error) });
  };

  let list;
  if (folders.isPending) list = <LoadingState label={t('list.folders.loading')} />;
  else if (folders.isError) list = <ErrorState error={folders.error} onRetry={() => void folders.refetch()} />;
  else {
    const items = folders.data.items;
    list = (
      <Menu
        mode="inline"
        selectedKeys={[String(value)]}
        onClick={({ key }) => onChange(key === 'all' || key === 'none' ? key : Number(key))}
        items={[
          { key: 'all', label: t('list.folders.all') },
          { key: 'none', label: t('list.folders.none') },
          ...items.map((folder, index) => ({
            key: String(folder.id),
            label: (
              <Flex justify="space-between" align="center" gap={4} data-testid="campaign-folder" data-folder={folder.name}>
                <Typography.Text ellipsis style={{ maxWidth: 110 }}>
                  {folder.name}
                </Typography.Text>
                <Flex gap={0} align="center" onClick={(event) => event.stopPropagation()}>
                  <Badge count={folder.campaigns} showZero color="gray" size="small" />
                  <Tooltip title={t('list.folders.moveUp')}>
                    <Button size="small" type="text" aria-label={t('list.folders.moveUp')} disabled={index === 0 || sort.isPending} icon={<ArrowUpOutlined aria-hidden />} onClick={() => handleMove(folder, -1)} />
                  </Tooltip>
                  <Tooltip title={t('list.folders.moveDown')}>
                    <Button size="small" type="text" aria-label={t('list.folders.moveDown')} disabled={index === items.length - 1 || sort.isPending} icon={<ArrowDownOutlined aria-hidden />} onClick={() => handleMove(folder, 1)} />
                  </Tooltip>
                  <Tooltip title={t('list.folders.rename')}>
                    <Button size="small" type="text" aria-label={t('list.folders.rename')} icon={<EditOutlined aria-hidden />} onClick={() => openDialog({ mode: 'rename', folder })} />
                  </Tooltip>
                  <Popconfirm title={t('list.folders.deleteConfirm', { name: folder.name })} okText={t('list.folders.delete')} cancelText={t('list.cancel')} onConfirm={() => handleDelete(folder)}>
                    <Button size="small" type="text" danger aria-label={t('list.folders.delete')} icon={<DeleteOutlined aria-hidden />} />
                  </Popconfirm>
                </Flex>
              </Flex>
            ),
          })),
        ]}
      />
    );
  }

  return (
    <Flex vertical gap={8} style={{ width: 260, flexShrink: 0 }} data-testid="folder-sidebar">
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('list.folders.title')}</Typography.Text>
        <Button size="small" icon={<FolderAddOutlined aria-hidden />} onClick={() => openDialog({ mode: 'create' })}>
          {t('list.folders.add')}
        </Button>
      </Flex>
      {list}
      <Modal
        open={dialog !== null}
        title={dialog?.mode === 'rename' ? t('list.folders.rename') : t('list.folders.add')}
        okText={t('list.save')}
        cancelText={t('list.cancel')}
        okButtonProps={{ disabled: name.trim().length === 0, loading: create.isPending || rename.isPending }}
        onOk={handleSaveName}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Input
          autoFocus
          aria-label={t('list.folders.name')}
          placeholder={t('list.folders.name')}
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={handleSaveName}
        />
      </Modal>
    </Flex>
  );
}
