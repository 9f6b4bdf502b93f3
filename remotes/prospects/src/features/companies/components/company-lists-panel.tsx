import { useState } from 'react';
import { Button, Drawer, Flex, Modal, type MenuProps } from 'antd';
import HistoryOutlined from '@ant-design/icons/es/icons/HistoryOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { CompanyList } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useFolders } from '../../lists/api/get-folders';
import { ListNameModal, ListsInFolders } from '../../lists/components/lists-in-folders';
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

  const body = lists.isPending ? (
    <LoadingState label={t('companies.listsLoading')} />
  ) : lists.isError ? (
    <ErrorState error={lists.error} onRetry={() => void lists.refetch()} />
  ) : (
    <>
      <ListsInFolders
        aria-label={t('companies.lists')}
        // Company lists under their names; the folders also hold prospect lists, whose ids match none
        // of these: a folder holding only those is the prospect lists' business and is left out.
        lists={all.map((list) => ({ ...list, name: list.listName, count: list.count, folders: list.folders ?? [] }))}
        folders={sortedFolders}
        activeListId={activeListId}
        allEntry={{ label: t('companies.all') }}
        emptyFolders="hide"
        onSelect={onSelect}
        listActions={listMenu}
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
      <ListNameModal
        open={form !== null}
        title={form?.mode === 'rename' ? t('companies.renameTitle', { name: form.list.listName }) : t('companies.newList')}
        value={name}
        placeholder={form?.mode === 'create' && defaultName.isPending ? t('companies.defaultNameLoading') : undefined}
        saving={create.isPending || rename.isPending}
        onChange={setTyped}
        onSubmit={handleSubmitName}
        onCancel={() => setForm(null)}
      />
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
