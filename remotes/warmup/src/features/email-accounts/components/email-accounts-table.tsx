import { Button, Flex, Space, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAILBOX_DEFAULTS, type EmailAccount } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { ProviderTag } from './provider-tag';
import { SendingWindowSummary } from './sending-window-summary';
import { StatusCell } from './status-cell';
import { TrackingDomainCell } from './tracking-domain-cell';

export type EmailAccountsTableProps = {
  accounts: EmailAccount[];
  total: number;
  page: number;
  /** A new page or filter is on its way (the rows shown are the previous answer). */
  loading: boolean;
  /** Mailboxes with a change on its way (their switches and buttons wait for it). */
  busyIds: ReadonlySet<number>;
  checkingId: number | null;
  onPageChange: (page: number) => void;
  onEdit: (account: EmailAccount) => void;
  onPauseResume: (account: EmailAccount) => void;
  onDelete: (account: EmailAccount) => void;
  onReconnect: (account: EmailAccount) => void;
  onShare: (account: EmailAccount, shared: boolean) => void;
  onCheckTrackingDomain: (account: EmailAccount) => void;
};

/** The caller's mailboxes, one server page at a time, with what each can be asked to do. */
export function EmailAccountsTable({
  accounts,
  total,
  page,
  loading,
  busyIds,
  checkingId,
  onPageChange,
  onEdit,
  onPauseResume,
  onDelete,
  onReconnect,
  onShare,
  onCheckTrackingDomain,
}: EmailAccountsTableProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Table<EmailAccount>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={accounts}
      // On a phone the columns scroll inside the table instead of pushing the page sideways.
      scroll={{ x: 'max-content' }}
      pagination={{ current: page, pageSize: MAILBOX_DEFAULTS.listPerPage, total, showSizeChanger: false, onChange: onPageChange, hideOnSinglePage: true }}
      columns={[
        {
          key: 'mailbox',
          title: t('emailAccounts.columns.mailbox'),
          render: (_, account) => (
            <Flex vertical gap={2} align="flex-start">
              <Typography.Text strong>{account.email}</Typography.Text>
              {account.senderName ? <Typography.Text type="secondary">{account.senderName}</Typography.Text> : null}
              <ProviderTag account={account} />
            </Flex>
          ),
        },
        {
          key: 'status',
          title: t('emailAccounts.columns.status'),
          render: (_, account) => <StatusCell account={account} onReconnect={() => onReconnect(account)} />,
        },
        {
          key: 'sent',
          title: t('emailAccounts.columns.sentToday'),
          render: (_, account) => (
            <Flex vertical gap={2}>
              <Typography.Text data-testid="sent-today">{t('emailAccounts.sentOfLimit', { sent: account.sentToday, limit: account.dailyLimit })}</Typography.Text>
              {account.firstEmailDailyLimit !== null ? (
                <Typography.Text type="secondary">{t('emailAccounts.firstEmails', { limit: account.firstEmailDailyLimit })}</Typography.Text>
              ) : null}
            </Flex>
          ),
        },
        {
          key: 'gap',
          title: t('emailAccounts.columns.gap'),
          render: (_, account) => t('emailAccounts.gapRange', { min: account.minGapSeconds, max: account.maxGapSeconds }),
        },
        {
          key: 'window',
          title: t('emailAccounts.columns.window'),
          render: (_, account) => <SendingWindowSummary window={account.sendingWindow} />,
        },
        {
          key: 'team',
          title: t('emailAccounts.columns.team'),
          render: (_, account) => (
            <Space size={6}>
              <Switch
                size="small"
                checked={account.sharedWithTeam}
                loading={busyIds.has(account.id)}
                aria-label={t('emailAccounts.shareOf', { email: account.email })}
                onChange={(shared) => onShare(account, shared)}
              />
              <Typography.Text>{t(account.sharedWithTeam ? 'emailAccounts.shared' : 'emailAccounts.notShared')}</Typography.Text>
            </Space>
          ),
        },
        {
          key: 'warmup',
          title: t('emailAccounts.columns.warmup'),
          render: (_, account) => <Tag color={account.warmupEnabled ? 'processing' : 'default'}>{t(account.warmupEnabled ? 'emailAccounts.warmupOn' : 'emailAccounts.warmupOff')}</Tag>,
        },
        {
          key: 'tracking',
          title: t('emailAccounts.columns.tracking'),
          render: (_, account) => (
            <TrackingDomainCell account={account} checking={checkingId === account.id} onCheck={() => onCheckTrackingDomain(account)} />
          ),
        },
        {
          key: 'actions',
          title: t('emailAccounts.columns.actions'),
          render: (_, account) => (
            <Space size={4} wrap>
              <Button size="small" onClick={() => onEdit(account)}>
                {t('common:actions.edit')}
              </Button>
              {account.status !== 'reconnect' ? (
                <Button
                  size="small"
                  disabled={busyIds.has(account.id)}
                  onClick={() => onPauseResume(account)}
                >
                  {t(account.status === 'paused' ? 'emailAccounts.actions.resume' : 'emailAccounts.actions.pause')}
                </Button>
              ) : null}
              <Button size="small" danger onClick={() => onDelete(account)}>
                {t('common:actions.delete')}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
