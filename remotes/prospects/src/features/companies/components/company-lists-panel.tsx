import { useState } from 'react';
import { Button, Drawer, Dropdown, Flex, Input, Menu, Modal, Typography, type MenuProps } from 'antd';
import FolderOutlined from '@ant-design/icons/es/icons/FolderOutlined';
import HistoryOutlined from '@ant-design/icons/es/icons/HistoryOutlined';
import MoreOutlined from '@ant-design/icons/es/icons/MoreOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { CompanyList } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useFolders } from '../../lists/api/get-folders';
import { groupLists } from '../../lists/utils/group-lists';
import { useCompanyLists } from '../api/get-company-lists';
import { useCreateCompanyList, useDefaultCompanyListName } from '../api/create-company-list';
import { useDeleteCompanyList } from '../api/delete-company-list';
import { useFileCompanyList } from '../api/file-company-list';
import { useRenameCompanyList } from '../api/rename-company-list';
import { CompanyHistory } from './company-history';

export type CompanyListsPanelProps = {
  /** null: "All companies". */
  activeListId: number | null;
  onSelect: (listId: number | null) => void;
};

type NameForm = { mode: 'create' } | { mode: 'rename'; list: CompanyList } | null;
/** Whose history the drawer shows: a list's, or everything ('all'). */
type HistoryTarget = CompanyList | 'all' | null;

const ALL_KEY = 'all';
const LIST_KEY = 'company-list-';
const FOLDER_KEY = 'company-folder-';
const MOVE_KEY = 'move-';

/**
 * The company lists of /prospects/companies: "All companies", the lists grouped by the folders they
 * are filed in (the folders prospect lists use too), each list with its count and its actions
 * (rename, move to a folder, history, delete after a confirmation), a new list named by the
 * server's default name, and the history of everything done with companies.
 */
export function CompanyListsPanel({ activeListId, onSelect }: CompanyListsPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const lists = useCompanyLists();
  // Folders are made and renamed in the prospect lists sidebar; here lists are only filed in them.
  const folders = useFolders();
  const file = useFileCompanyList();
  const create = useCreateCompanyList();
  const rename = useRenameCompanyList();
  const remove = useDeleteCompanyList();
  const [form, setForm] = useState<NameForm>(null);
  // null until the user types: the field shows the server's default name meanwhile.
  const [typed, setTyped] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CompanyList | null>(null);
  const [history, setHistory] = useState<HistoryTarget>(null);
  // Folders are open unless the user closed them, so a folder that appears (a list just filed) shows its lists.
  const [closedFolders, setClosedFolders] = useState<string[]>([]);
  const defaultName = useDefaultCompanyListName(form?.mode === 'create');

  const all = lists.data?.lists ?? [];
  const initialName = form?.mode === 'rename' ? form.list.listName : (defaultName.data?.name ?? '');
  const name = typed ?? initialName;
  const onError = (error: Error) => showError(error);

  const openForm = (next: NameForm) => {
    setTyped(null);
    setForm(next);
  };

  const handleSubmitName = () => {
    const clean = name.trim();
    if (!form || !clean) return;
    if (form.mode === 'create') {
      create.mutate(
        { body: { type: 'company', name: clean } },
        {
          onSuccess: (list) => {
            toast.success(t('lists.created', { name: list.name }));
            setForm(null);
            onSelect(list.id);
          },
          onError,
        },
      );
    } else {
      rename.mutate(
        { body: { type: 'company', listId: form.list.id, newName: clean } },
        {
          onSuccess: () => {
            toast.success(t('companies.renamed', { name: clean }));
            setForm(null);
          },
          onError,
        },
      );
    }
  };

  const handleDelete = () => {
    if (!deleting) return;
    const list = deleting;
    remove.mutate(
      { body: { id: list.id, type: 'company' } },
      {
        onSuccess: () => {
          toast.success(t('companies.deleted', { name: list.listName }));
          setDeleting(null);
          if (activeListId === list.id) onSelect(null);
        },
        onError,
      },
    );
  };

  const sortedFolders = [...(folders.data?.folders ?? [])].sort((a, b) => a.position - b.position);
  // Company lists under their names, in the folders they are filed in; the folders also hold
  // prospect lists, whose ids match none of these and are left out.
  const tree = groupLists(
    sortedFolders,
    all.map((list) => ({ ...list, name: list.listName, folders: list.folders ?? [] })),
  );
  const folderKeys = tree.folders.filter((node) => node.lists.length > 0).map((node) => `${FOLDER_KEY}${node.folder.id}`);

  const handleFile = (list: CompanyList, folderId: number | null) => {
    const folderName = folderId === null ? null : sortedFolders.find((folder) => folder.id === folderId)?.name;
    file.mutate(
      { body: { listId: list.id, folderId } },
      {
        onSuccess: () =>
          toast.success(
            folderName
              ? t('companies.filed', { name: list.listName, folder: folderName })
              : t('companies.unfiled', { name: list.listName }),
          ),
        onError,
      },
    );
  };

  const listMenu = (list: CompanyList): MenuProps => ({
    items: [
      { key: 'rename', label: t('lists.rename') },
      {
        key: 'move',
        label: t('lists.moveTo'),
        children:
          sortedFolders.length > 0
            ? [
                { key: `${MOVE_KEY}none`, label: t('lists.noFolder'), disabled: (list.folders ?? []).length === 0 },
                ...sortedFolders.map((folder) => ({
                  key: `${MOVE_KEY}${folder.id}`,
                  label: folder.name,
                  disabled: (list.folders ?? []).includes(folder.id),
                })),
              ]
            : [{ key: `${MOVE_KEY}hint`, label: t('companies.noFolders'), disabled: true }],
      },
      { key: 'history', label: t('companies.history.open') },
      { key: 'delete', label: t('lists.delete'), danger: true },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'rename') openForm({ mode: 'rename', list });
      else if (key === 'history') setHistory(list);
      else if (key.startsWith(MOVE_KEY)) handleFile(list, key === `${MOVE_KEY}none` ? null : Number(key.slice(MOVE_KEY.length)));
      else setDeleting(list);
    },
  });

  const listItem = (list: CompanyList) => ({
    key: `${LIST_KEY}${list.id}`,
    label: (
      <Flex justify="space-between" align="center" gap={4}>
        <Typography.Text ellipsis>{list.listName}</Typography.Text>
        <Flex gap={4} align="center">
          <Typography.Text type="secondary">{list.count}</Typography.Text>
          <Dropdown menu={listMenu(list)} trigger={['click']}>
            <Button
              size="small"
              type="text"
              icon={<MoreOutlined />}
              aria-label={t('lists.actions', { name: list.listName })}
              onClick={(event) => event.stopPropagation()}
            />
          </Dropdown>
        </Flex>
      </Flex>
    ),
  });

  const body = lists.isPending ? (
    <LoadingState label={t('companies.listsLoading')} />
  ) : lists.isError ? (
    <ErrorState error={lists.error} onRetry={() => void lists.refetch()} />
  ) : (
    <>
      <Menu
        mode="inline"
        aria-label={t('companies.lists')}
        selectedKeys={[activeListId === null ? ALL_KEY : `${LIST_KEY}${activeListId}`]}
        openKeys={folderKeys.filter((key) => !closedFolders.includes(key))}
        onOpenChange={(open) => setClosedFolders(folderKeys.filter((key) => !open.includes(key)))}
        onClick={({ key }) => {
          if (key === ALL_KEY) onSelect(null);
          else if (key.startsWith(LIST_KEY)) onSelect(Number(key.slice(LIST_KEY.length)));
        }}
        items={[
          { key: ALL_KEY, label: t('companies.all') },
          // Only the folders that hold company lists: the others are the prospect lists' business.
          ...tree.folders
            .filter((node) => node.lists.length > 0)
            .map((node) => ({
              key: `${FOLDER_KEY}${node.folder.id}`,
              label: (
                <span>
                  <FolderOutlined /> {node.folder.name}
                </span>
              ),
              children: node.lists.map(listItem),
            })),
          ...tree.unfiled.map(listItem),
        ]}
      />
      {all.length === 0 ? <EmptyState title={t('companies.noLists')} description={t('companies.noListsHint')} /> : null}
    </>
  );

  return (
    <Flex vertical gap={8} role="navigation" aria-label={t('companies.lists')}>
      <Flex gap={8} wrap>
        <Button icon={<PlusOutlined />} onClick={() => openForm({ mode: 'create' })}>
          {t('companies.newList')}
        </Button>
        <Button icon={<HistoryOutlined />} onClick={() => setHistory('all')}>
          {t('companies.history.open')}
        </Button>
      </Flex>
      {body}
      <Modal
        open={form !== null}
        title={form?.mode === 'rename' ? t('companies.renameTitle', { name: form.list.listName }) : t('companies.newList')}
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        okButtonProps={{ disabled: !name.trim(), loading: create.isPending || rename.isPending }}
        onOk={handleSubmitName}
        onCancel={() => setForm(null)}
        destroyOnHidden
      >
        <Input
          aria-label={t('lists.name')}
          autoFocus
          value={name}
          placeholder={form?.mode === 'create' && defaultName.isPending ? t('companies.defaultNameLoading') : undefined}
          onChange={(event) => setTyped(event.target.value)}
          onPressEnter={handleSubmitName}
        />
      </Modal>
      <Modal
        open={deleting !== null}
        title={t('companies.deleteTitle', { name: deleting?.listName ?? '' })}
        okText={t('lists.delete')}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        cancelText={t('actions.cancel')}
        onOk={handleDelete}
        onCancel={() => setDeleting(null)}
        destroyOnHidden
      >
        {t('companies.deleteText')}
      </Modal>
      <Drawer
        open={history !== null}
        size="large"
        onClose={() => setHistory(null)}
        title={
          history === 'all' || history === null
            ? t('companies.history.title')
            : t('companies.history.ofList', { name: history.listName })
        }
        destroyOnHidden
      >
        {history !== null ? <CompanyHistory listId={history === 'all' ? null : history.id} lists={all} /> : null}
      </Drawer>
    </Flex>
  );
}
