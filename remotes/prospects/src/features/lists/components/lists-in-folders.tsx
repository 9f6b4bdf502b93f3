import { useState, type ReactNode } from 'react';
import { Button, Dropdown, Flex, Input, Menu, Modal, Typography, type MenuProps } from 'antd';
import FolderOutlined from '@ant-design/icons/es/icons/FolderOutlined';
import MoreOutlined from '@ant-design/icons/es/icons/MoreOutlined';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { groupLists, type SidebarFolder } from '../utils/group-lists';

/** A list as the sidebar shows it: prospect and company lists alike, filed in the shared folders. */
export type FolderedList = { id: number; name: string; count: number; folders: readonly number[] };

export type ListsInFoldersProps<L extends FolderedList> = {
  lists: readonly L[];
  folders: readonly SidebarFolder[];
  /** null: the first entry, every list at once. */
  activeListId: number | null;
  /** The first entry ("All contacts", "All companies"), with its count when there is one. */
  allEntry: { label: string; count?: number };
  /** A folder that holds none of these lists is shown with an "empty" row, or left out (it holds the other kind). */
  emptyFolders: 'show' | 'hide';
  'aria-label'?: string;
  onSelect: (listId: number | null) => void;
  /** The list's actions menu, or null when the viewer may not act on it. */
  listActions?: (list: L) => MenuProps | null;
  /** Wraps a list's name (with a drag handle, say); `folderId` is where the list is filed. */
  renderListName?: (list: L, folderId: number | null, name: ReactNode) => ReactNode;
  /** A folder's title (with its own handle and actions); by default its icon and name. */
  renderFolderTitle?: (folder: SidebarFolder, index: number) => ReactNode;
};

const ALL_KEY = 'all';
const LIST_KEY = 'list-';
const FOLDER_KEY = 'folder-';

/**
 * The lists-in-folders menu both list panels share: the "all" entry, the folders by position with
 * their lists by name, then the lists in no folder, each with its count and its actions. Folders
 * are open unless the user closed them, so one that appears (a list just filed) shows its lists.
 */
export function ListsInFolders<L extends FolderedList>({
  lists,
  folders,
  activeListId,
  allEntry,
  emptyFolders,
  'aria-label': ariaLabel,
  onSelect,
  listActions,
  renderListName,
  renderFolderTitle,
}: ListsInFoldersProps<L>) {
  const { t } = useTranslation(NAMESPACE);
  const [closedFolders, setClosedFolders] = useState<string[]>([]);
  const tree = groupLists(folders, lists);
  const shownFolders = emptyFolders === 'show' ? tree.folders : tree.folders.filter((node) => node.lists.length > 0);
  const folderKeys = shownFolders.map((node) => `${FOLDER_KEY}${node.folder.id}`);

  const listItem = (folderId: number | null) => (list: L) => {
    const name = <Typography.Text ellipsis>{list.name}</Typography.Text>;
    const actions = listActions?.(list) ?? null;
    return {
      key: `${LIST_KEY}${list.id}`,
      label: (
        <Flex justify="space-between" align="center" gap={4}>
          {renderListName ? renderListName(list, folderId, name) : name}
          <Flex gap={4} align="center">
            <Typography.Text type="secondary">{list.count}</Typography.Text>
            {actions ? (
              <Dropdown menu={actions} trigger={['click']}>
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
    };
  };

  const items: MenuProps['items'] = [
    {
      key: ALL_KEY,
      label: (
        <Flex justify="space-between">
          <span>{allEntry.label}</span>
          {allEntry.count !== undefined ? <Typography.Text type="secondary">{allEntry.count}</Typography.Text> : null}
        </Flex>
      ),
    },
    ...shownFolders.map((node, index) => ({
      key: `${FOLDER_KEY}${node.folder.id}`,
      label: renderFolderTitle ? (
        renderFolderTitle(node.folder, index)
      ) : (
        <span>
          <FolderOutlined /> {node.folder.name}
        </span>
      ),
      children:
        node.lists.length > 0
          ? node.lists.map(listItem(node.folder.id))
          : [{ key: `empty-${node.folder.id}`, label: t('folders.empty'), disabled: true }],
    })),
    ...tree.unfiled.map(listItem(null)),
  ];

  return (
    <Menu
      mode="inline"
      aria-label={ariaLabel}
      selectedKeys={[activeListId === null ? ALL_KEY : `${LIST_KEY}${activeListId}`]}
      openKeys={folderKeys.filter((key) => !closedFolders.includes(key))}
      onOpenChange={(open) => setClosedFolders(folderKeys.filter((key) => !open.includes(key)))}
      onClick={({ key }) => {
        if (key === ALL_KEY) onSelect(null);
        else if (key.startsWith(LIST_KEY)) onSelect(Number(key.slice(LIST_KEY.length)));
      }}
      items={items}
    />
  );
}

export type ListNameModalProps = {
  open: boolean;
  title: string;
  value: string;
  placeholder?: string;
  saving?: boolean;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
};

/** The name of a new or renamed list or folder; Enter saves, an empty name cannot be saved. */
export function ListNameModal({
  open,
  title,
  value,
  placeholder,
  saving = false,
  onChange,
  onSubmit,
  onCancel,
}: ListNameModalProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Modal
      open={open}
      title={title}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: !value.trim(), loading: saving }}
      onOk={onSubmit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Input
        aria-label={t('lists.name')}
        autoFocus
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        onPressEnter={onSubmit}
      />
    </Modal>
  );
}
