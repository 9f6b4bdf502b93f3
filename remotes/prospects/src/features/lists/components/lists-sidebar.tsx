import { useState } from 'react';
import { Button, Dropdown, Flex, Input, Menu, Modal, Segmented, Select, Typography, type MenuProps } from 'antd';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import FolderAddOutlined from '@ant-design/icons/es/icons/FolderAddOutlined';
import MoreOutlined from '@ant-design/icons/es/icons/MoreOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import { useTranslation } from 'react-i18next';
import type { ListTeamFilter, ProspectListSummary } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { filterByOwner, groupLists, OWNER_FILTERS, type SidebarFolder } from '../utils/group-lists';
import { listDragId } from '../utils/sidebar-drop';
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

const LIST_KEY = 'list-';
const ALL_KEY = 'all';

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
    if (prompt && promptValue.trim()) prompt.submit(promptValue.trim());
    setPrompt(null);
  };

  const tree = groupLists(folders, filterByOwner(lists, teamFilter, userId));
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

  // Only the user's own lists can be filed (folders/list/move answers list_not_found for others).
  const listItem = (folderId: number | null) => (list: ProspectListSummary) => ({
    key: `${LIST_KEY}${list.id}`,
    label: (
      <Flex justify="space-between" align="center" gap={4}>
        {list.userId === userId ? (
          <DraggableList dragId={listDragId(list.id, folderId)} name={list.name}>
            <Typography.Text ellipsis>{list.name}</Typography.Text>
          </DraggableList>
        ) : (
          <Typography.Text ellipsis>{list.name}</Typography.Text>
        )}
        <Flex gap={4} align="center">
          <Typography.Text type="secondary">{list.contacts}</Typography.Text>
          {list.userId === userId ? (
            <Dropdown menu={listMenu(list)} trigger={['click']}>
              <Button
                size="small"
                type="text"
                icon={<MoreOutlined />}
                aria-label={t('lists.actions', { name: list.name })}
                onClick={(event) => event.stopPropagation()}
              />
            </Dropdown>
          ) : null}
        </Flex>
      </Flex>
    ),
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

  const items: MenuProps['items'] = [
    {
      key: ALL_KEY,
      label: (
        <Flex justify="space-between">
          <span>{t('lists.allContacts')}</span>
          <Typography.Text type="secondary">{allContactsCount}</Typography.Text>
        </Flex>
      ),
    },
    ...tree.folders.map((node, index) => ({
      key: `folder-${node.folder.id}`,
      label: (
        <SortableFolderTitle folderId={node.folder.id} name={node.folder.name}>
          <Flex justify="space-between" align="center">
            <span>{node.folder.name}</span>
            <Dropdown menu={folderMenu(node.folder, index)} trigger={['click']}>
              <Button
                size="small"
                type="text"
                icon={<MoreOutlined />}
                aria-label={t('folders.actions', { name: node.folder.name })}
                onClick={(event) => event.stopPropagation()}
              />
            </Dropdown>
          </Flex>
        </SortableFolderTitle>
      ),
      children:
        node.lists.length > 0
          ? node.lists.map(listItem(node.folder.id))
          : [{ key: `empty-${node.folder.id}`, label: t('folders.empty'), disabled: true }],
    })),
    ...tree.unfiled.map(listItem(null)),
  ];

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
      <SidebarDnd folderIds={tree.folders.map((node) => node.folder.id)} onCommand={onCommand}>
        <Menu
          mode="inline"
          selectedKeys={[activeListId === null ? ALL_KEY : `${LIST_KEY}${activeListId}`]}
          defaultOpenKeys={tree.folders.map((node) => `folder-${node.folder.id}`)}
          items={items}
          onClick={({ key }) => {
            if (key === ALL_KEY) props.onSelect(null);
            else if (key.startsWith(LIST_KEY)) props.onSelect(Number(key.slice(LIST_KEY.length)));
          }}
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
      <Modal
        open={prompt !== null}
        title={prompt?.title}
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        onOk={handlePromptOk}
        onCancel={() => setPrompt(null)}
        destroyOnHidden
      >
        <Input
          aria-label={t('lists.name')}
          autoFocus
          value={promptValue}
          onChange={(event) => setPromptValue(event.target.value)}
          onPressEnter={handlePromptOk}
        />
      </Modal>
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
        {t('lists.deleteText')}
      </Modal>
    </Flex>
  );
}
