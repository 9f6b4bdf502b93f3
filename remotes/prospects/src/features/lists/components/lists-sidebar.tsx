import { useState } from 'react';
import { Button, Dropdown, Flex, Modal, Segmented, Select, Typography, type MenuProps } from 'antd';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import FolderAddOutlined from '@ant-design/icons/es/icons/FolderAddOutlined';
import MoreOutlined from '@ant-design/icons/es/icons/MoreOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import { useTranslation } from 'react-i18next';
import type { ListTeamFilter, ProspectListSummary } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { filterByOwner, OWNER_FILTERS, type SidebarFolder } from '../utils/group-lists';
import { listDragId } from '../utils/sidebar-drop';
import { ListCampaignUsage } from './list-campaign-usage';
import { ListNameModal, ListsInFolders } from './lists-in-folders';
import { DraggableList, SidebarDnd, SortableFolderTitle } from './sidebar-dnd';

export type ListCommand =
  | { kind: 'createList'; name: string }
  | { kind: 'renameList'; listId: number; name: string }
  | { kind: 'moveList'; listId: number; folderId: number | null }
  | { kind: 'deleteList'; listId: number; deleteRecipients: boolean }
  | { kind: 'restoreList'; listId: number }
  | { kind: 'createFolder'; name: string }
  | { kind: 'renameFolder'; folderId: number; name: string }
  | { kind: 'moveFolder'; folderId: number; position: number };

export type ListsSidebarProps = {
  lists: ProspectListSummary[];
  folders: SidebarFolder[];
  deletedLists: ProspectListSummary[];
  allContactsCount: number;
  /** null: "All contacts". */
  activeListId: number | null;
  userId: number | null;
  /** 'all', 'me' (own lists only) or a team member's user id (document 1 §6 "Lists"). */
  teamFilter: ListTeamFilter;
  teamFilterOptions: { value: ListTeamFilter; label: string }[];
  onTeamFilterChange: (filter: ListTeamFilter) => void;
  onSelect: (listId: number | null) => void;
  onCommand: (command: ListCommand) => void;
};

type NamePrompt = { title: string; initial: string; submit: (name: string) => void } | null;

/** Prospect lists in folders with "All contacts", the owner filter and every list and folder action. */
export function ListsSidebar(props: ListsSidebarProps) {
  const { lists, folders, deletedLists, allContactsCount, activeListId, userId, teamFilter, onCommand } = props;
  const { t } = useTranslation(NAMESPACE);
  const [prompt, setPrompt] = useState<NamePrompt>(null);
  const [promptValue, setPromptValue] = useState('');
  const [deleting, setDeleting] = useState<ProspectListSummary | null>(null);

  const ask = (title: string, initial: string, submit: (name: string) => void) => {
    setPromptValue(initial);
    setPrompt({ title, initial, submit });
  };
  const handlePromptOk = () => {
    if (!promptValue.trim()) return;
    prompt?.submit(promptValue.trim());
    setPrompt(null);
  };

  const shownLists = filterByOwner(lists, teamFilter, userId).map((list) => ({ ...list, count: list.contacts }));
  const memberOptions = props.teamFilterOptions.filter((option) => option.value !== 'all' && option.value !== 'me');
  const sortedFolders = [...folders].sort((a, b) => a.position - b.position);

  const listMenu = (list: ProspectListSummary): MenuProps => ({
    items: [
      { key: 'rename', label: t('lists.rename') },
      {
        key: 'move',
        label: t('lists.moveTo'),
        children: [
          { key: 'move-none', label: t('lists.noFolder') },
          ...sortedFolders.map((folder) => ({ key: `move-${folder.id}`, label: folder.name })),
        ],
      },
      { key: 'delete', label: t('lists.delete'), danger: true },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'rename') ask(t('lists.rename'), list.name, (name) => onCommand({ kind: 'renameList', listId: list.id, name }));
      else if (key === 'delete') setDeleting(list);
      else if (key.startsWith('move-')) {
        const folderId = key === 'move-none' ? null : Number(key.slice('move-'.length));
        onCommand({ kind: 'moveList', listId: list.id, folderId });
      }
    },
  });

  const folderMenu = (folder: SidebarFolder, index: number): MenuProps => ({
    items: [
      { key: 'rename', label: t('folders.rename') },
      { key: 'up', label: t('folders.moveUp'), disabled: index === 0 },
      { key: 'down', label: t('folders.moveDown'), disabled: index === sortedFolders.length - 1 },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'rename')
        ask(t('folders.rename'), folder.name, (name) => onCommand({ kind: 'renameFolder', folderId: folder.id, name }));
      else onCommand({ kind: 'moveFolder', folderId: folder.id, position: index + (key === 'up' ? -1 : 1) });
    },
  });

  return (
    <Flex vertical gap={8} aria-label={t('lists.title')} role="navigation">
      {/* Wraps instead of cutting a longer translation ("Nueva carpeta", "Нова папка"). */}
      <Flex gap={8} wrap>
        <Button
          icon={<PlusOutlined />}
          onClick={() => ask(t('lists.create'), '', (name) => onCommand({ kind: 'createList', name }))}
        >
          {t('lists.create')}
        </Button>
        <Button
          icon={<FolderAddOutlined />}
          onClick={() => ask(t('folders.create'), '', (name) => onCommand({ kind: 'createFolder', name }))}
        >
          {t('folders.create')}
        </Button>
      </Flex>
      <Segmented
        block
        aria-label={t('lists.ownerFilter')}
        value={teamFilter === 'me' ? 'me' : 'all'}
        options={OWNER_FILTERS.map((value) => ({ value, label: t(`lists.owner.${value}`) }))}
        onChange={(value) => props.onTeamFilterChange(value)}
      />
      {memberOptions.length > 0 ? (
        <Select
          allowClear
          aria-label={t('lists.teamFilter')}
          placeholder={t('lists.teamFilter')}
          value={teamFilter === 'all' || teamFilter === 'me' ? undefined : teamFilter}
          options={memberOptions}
          onChange={(value: ListTeamFilter | undefined) => props.onTeamFilterChange(value ?? 'all')}
        />
      ) : null}
      <SidebarDnd folderIds={sortedFolders.map((folder) => folder.id)} onCommand={onCommand}>
        <ListsInFolders
          lists={shownLists}
          folders={sortedFolders}
          activeListId={activeListId}
          allEntry={{ label: t('lists.allContacts'), count: allContactsCount }}
          emptyFolders="show"
          onSelect={props.onSelect}
          // Only the user's own lists can be acted on and filed (folders/list/move answers list_not_found for others).
          listActions={(list) => (list.userId === userId ? listMenu(list) : null)}
          renderListName={(list, folderId, name) =>
            list.userId === userId ? (
              <DraggableList dragId={listDragId(list.id, folderId)} name={list.name}>
                {name}
              </DraggableList>
            ) : (
              name
            )
          }
          renderFolderTitle={(folder, index) => (
            <SortableFolderTitle folderId={folder.id} name={folder.name}>
              <Flex justify="space-between" align="center">
                <span>{folder.name}</span>
                <Dropdown menu={folderMenu(folder, index)} trigger={['click']}>
                  <Button
                    size="small"
                    type="text"
                    icon={<MoreOutlined />}
                    aria-label={t('folders.actions', { name: folder.name })}
                    onClick={(event) => event.stopPropagation()}
                  />
                </Dropdown>
              </Flex>
            </SortableFolderTitle>
          )}
        />
      </SidebarDnd>
      {deletedLists.length > 0 ? (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">
            <DeleteOutlined /> {t('lists.deleted')}
          </Typography.Text>
          {deletedLists.map((list) => (
            <Flex key={list.id} justify="space-between" align="center">
              <Typography.Text delete>{list.name}</Typography.Text>
              <Button size="small" icon={<UndoOutlined />} onClick={() => onCommand({ kind: 'restoreList', listId: list.id })}>
                {t('lists.restore')}
              </Button>
            </Flex>
          ))}
        </Flex>
      ) : null}
      <ListNameModal
        open={prompt !== null}
        title={prompt?.title ?? ''}
        value={promptValue}
        onChange={setPromptValue}
        onSubmit={handlePromptOk}
        onCancel={() => setPrompt(null)}
      />
      <Modal
        open={deleting !== null}
        title={t('lists.deleteTitle', { name: deleting?.name ?? '' })}
        onCancel={() => setDeleting(null)}
        footer={[
          <Button key="cancel" onClick={() => setDeleting(null)}>
            {t('actions.cancel')}
          </Button>,
          <Button
            key="keep"
            onClick={() => {
              if (deleting) onCommand({ kind: 'deleteList', listId: deleting.id, deleteRecipients: false });
              setDeleting(null);
            }}
          >
            {t('lists.deleteKeepRecipients')}
          </Button>,
          <Button
            key="all"
            danger
            onClick={() => {
              if (deleting) onCommand({ kind: 'deleteList', listId: deleting.id, deleteRecipients: true });
              setDeleting(null);
            }}
          >
            {t('lists.deleteWithRecipients')}
          </Button>,
        ]}
      >
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('lists.deleteText')}</Typography.Paragraph>
          {deleting ? <ListCampaignUsage listId={deleting.id} /> : null}
        </Flex>
      </Modal>
    </Flex>
  );
}
