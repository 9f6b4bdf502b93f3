import { Badge, Button, Flex, Menu, Tag, Typography, type MenuProps } from 'antd';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import LinkedinOutlined from '@ant-design/icons/es/icons/LinkedinOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import type { ThreadView } from '../../threads/utils/thread-filters';
import { useListAccounts } from '../api/list-accounts';
import { useListDirectories } from '../api/list-directories';
import { accountKey, folderKey, linkedinKey, selectedFolder, viewForFolder, type FolderKey } from '../utils/folder-selection';

export type FoldersPaneProps = {
  view: ThreadView;
  forUserId: number | undefined;
  onViewChange(next: ThreadView): void;
};

function withCount(label: string, count: number, description: string) {
  return (
    <Flex justify="space-between" align="center" gap={8} aria-label={count > 0 ? description : undefined}>
      <Typography.Text ellipsis>{label}</Typography.Text>
      {count > 0 ? <Badge count={count} overflowCount={999} color="#1677ff" /> : null}
    </Flex>
  );
}

/**
 * The left pane: All, Starred, Trash, then each mailbox and its IMAP folders, then each LinkedIn
 * account, with their unread counts.
 */
export function FoldersPane({ view, forUserId, onViewChange }: FoldersPaneProps) {
  const { t } = useTranslation(NAMESPACE);
  const accounts = useListAccounts(forUserId);
  const directories = useListDirectories(forUserId);

  if (accounts.isPending) return <LoadingState label={t('folders.loading')} />;
  if (accounts.isError) return <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} />;

  const connected = accounts.data.items.filter((account) => account.unibox);
  const linkedin = accounts.data.linkedinAccounts;
  const allUnread = [...connected, ...linkedin].reduce((sum, account) => sum + account.unreadCount, 0);
  const folders = directories.data?.items ?? [];
  const items: MenuProps['items'] = [
    { key: 'all', icon: <InboxOutlined aria-hidden />, label: withCount(t('folders.all'), allUnread, t('folders.unread', { count: allUnread })) },
    { key: 'starred', icon: <StarOutlined aria-hidden />, label: t('folders.starred') },
    { key: 'trash', icon: <DeleteOutlined aria-hidden />, label: t('folders.trash') },
    { type: 'divider' },
    ...connected.map((account) => {
      const children = folders
        .filter((folder) => folder.emailAccountId === account.id)
        .map((folder) => ({
          key: folderKey(account.id, folder.name),
          title: t('folders.folderTotal', { name: folder.name, count: folder.total }),
          label: withCount(folder.name, folder.unread, t('folders.unread', { count: folder.unread })),
        }));
      return {
      key: accountKey(account.id),
      icon: <MailOutlined aria-hidden />,
      label: (
        <Flex justify="space-between" align="center" gap={4}>
          <Typography.Text ellipsis title={account.name}>
            {account.name}
          </Typography.Text>
          {account.displayStatus === 'paused' || account.displayStatus === 'error' ? (
            <Tag color={account.displayStatus === 'error' ? 'error' : 'warning'}>{t(`settings.status.${account.displayStatus}`)}</Tag>
          ) : account.unreadCount > 0 ? (
            <Badge count={account.unreadCount} overflowCount={999} color="#1677ff" aria-label={t('folders.unread', { count: account.unreadCount })} />
          ) : null}
        </Flex>
      ),
      // A mailbox without synced folders is a plain entry (an empty submenu could not be chosen).
      ...(children.length > 0 ? { children } : {}),
      };
    }),
    ...(linkedin.length > 0 ? [{ type: 'divider' as const }] : []),
    ...linkedin.map((account) => ({
      key: linkedinKey(account.id),
      icon: <LinkedinOutlined aria-hidden />,
      label: (
        <Flex justify="space-between" align="center" gap={4}>
          <Typography.Text ellipsis title={t('folders.linkedinAccount', { name: account.name })}>
            {account.name}
          </Typography.Text>
          {account.sandbox ? <Tag>{t('folders.sandbox')}</Tag> : null}
          {account.displayStatus === 'expired' || account.displayStatus === 'error' ? (
            <Tag color="error">{t(`folders.linkedinStatus.${account.displayStatus}`)}</Tag>
          ) : account.unreadCount > 0 ? (
            <Badge count={account.unreadCount} overflowCount={999} color="#1677ff" aria-label={t('folders.unread', { count: account.unreadCount })} />
          ) : null}
        </Flex>
      ),
    })),
  ];
  const selected = selectedFolder(view);
  const [, selectedAccount] = selected.split(':');

  return (
    <Flex vertical gap={8} style={{ height: '100%', minHeight: 0 }}>
      <nav aria-label={t('folders.label')} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <Menu
          mode="inline"
          selectedKeys={[selected]}
          defaultOpenKeys={selectedAccount ? [accountKey(Number(selectedAccount))] : []}
          items={items}
          style={{ borderInlineEnd: 0 }}
          onClick={({ key }) => onViewChange(viewForFolder(view, key as FolderKey))}
          // An account row both opens its folders and filters by the mailbox.
          onOpenChange={(keys) => {
            const opened = keys.find((key) => key.startsWith('account:') && key !== selected);
            if (opened) onViewChange(viewForFolder(view, opened as FolderKey));
          }}
        />
        {directories.isError ? (
          <Typography.Text type="danger" role="alert" style={{ display: 'block', padding: 8 }}>
            {t('folders.directoriesError')}{' '}
            <Button size="small" type="link" onClick={() => void directories.refetch()}>
              {t('folders.retry')}
            </Button>
          </Typography.Text>
        ) : null}
        {connected.length === 0 && linkedin.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ padding: 8 }}>
            {t('folders.noMailboxes')}
          </Typography.Paragraph>
        ) : null}
      </nav>
    </Flex>
  );
}
