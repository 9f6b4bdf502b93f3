import type { Key } from 'react';
import { Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { WARMUP_LIST, type SettableWarmupStatus, type WarmupAccount, type WarmupRates } from '@leadforge/contracts';
import { useSelectAllTitle } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { formatRate } from '../utils/format-rate';
import { HealthBadge } from './health-badge';
import { WarmupStatusButton } from './warmup-status-button';
import { WarmupStatusTag } from './warmup-status-tag';

export type WarmupTableProps = {
  accounts: WarmupAccount[];
  total: number;
  page: number;
  /** A new page is on its way (the rows shown are the previous answer). */
  loading: boolean;
  selectedIds: number[];
  /** Mailboxes with a change on its way. */
  busyIds: ReadonlySet<number>;
  onSelect: (ids: number[]) => void;
  onPageChange: (page: number) => void;
  onSetStatus: (account: WarmupAccount, status: SettableWarmupStatus) => void;
};

type RateName = keyof Pick<WarmupRates, 'inboxRate' | 'spamRate' | 'replyRate'>;

function RatePair({ account, name }: { account: WarmupAccount; name: RateName }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  return (
    <Flex vertical gap={2} data-rate={name}>
      <Typography.Text>{t('warmUp.rates.last7', { value: formatRate(account.last7[name], i18n.language) })}</Typography.Text>
      <Typography.Text type="secondary">{t('warmUp.rates.last30', { value: formatRate(account.last30[name], i18n.language) })}</Typography.Text>
    </Flex>
  );
}

/** The caller's mailboxes with their warm-up, one server page of 20 at a time, selectable for a bulk start or pause. */
export function WarmupTable({ accounts, total, page, loading, selectedIds, busyIds, onSelect, onPageChange, onSetStatus }: WarmupTableProps) {
  const { t } = useTranslation(NAMESPACE);
  const selectAllTitle = useSelectAllTitle();
  return (
    <Table<WarmupAccount>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={accounts}
      scroll={{ x: 'max-content' }}
      rowSelection={{
        selectedRowKeys: selectedIds,
        columnTitle: selectAllTitle,
        onChange: (keys: Key[]) => onSelect(keys.map(Number)),
        getCheckboxProps: (account) => ({ 'aria-label': t('warmUp.selectOf', { email: account.email }) }),
      }}
      pagination={{ current: page, pageSize: WARMUP_LIST.perPage, total, showSizeChanger: false, onChange: onPageChange, hideOnSinglePage: true }}
      columns={[
        {
          key: 'mailbox',
          title: t('warmUp.columns.mailbox'),
          render: (_, account) => (
            <Flex vertical gap={2} align="flex-start">
              <Link to={`/deliverability/warm-up/${account.id}`}>{account.email}</Link>
              {account.senderName ? <Typography.Text type="secondary">{account.senderName}</Typography.Text> : null}
            </Flex>
          ),
        },
        { key: 'status', title: t('warmUp.columns.status'), render: (_, account) => <WarmupStatusTag account={account} /> },
        { key: 'health', title: t('warmUp.columns.health'), render: (_, account) => <HealthBadge health={account.health} /> },
        {
          key: 'today',
          title: t('warmUp.columns.today'),
          render: (_, account) => (
            <Typography.Text data-testid="warmup-today">{t('warmUp.sentOfTarget', { sent: account.sentToday, target: account.dailyTarget })}</Typography.Text>
          ),
        },
        { key: 'inbox', title: t('warmUp.columns.inboxRate'), render: (_, account) => <RatePair account={account} name="inboxRate" /> },
        { key: 'spam', title: t('warmUp.columns.spamRate'), render: (_, account) => <RatePair account={account} name="spamRate" /> },
        { key: 'reply', title: t('warmUp.columns.replyRate'), render: (_, account) => <RatePair account={account} name="replyRate" /> },
        {
          key: 'actions',
          title: t('warmUp.columns.actions'),
          render: (_, account) => (
            <WarmupStatusButton account={account} busy={busyIds.has(account.id)} onChange={(status) => onSetStatus(account, status)} />
          ),
        },
      ]}
    />
  );
}
