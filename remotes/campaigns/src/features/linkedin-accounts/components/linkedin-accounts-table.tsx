import { Button, Flex, Space, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LinkedinAccount } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { useAccountName } from '../hooks/use-account-name';
import { isEditable, type AccountNextStep } from '../utils/account-state';
import { NetworkTag } from './sandbox-network';
import { StateCell } from './state-cell';
import { UsageCell } from './usage-cell';

export type LinkedinAccountsTableProps = {
  accounts: LinkedinAccount[];
  /** Accounts with a warm-up change on its way (their switches wait for it). */
  busyIds: ReadonlySet<number>;
  onNextStep: (account: LinkedinAccount, step: AccountNextStep) => void;
  onSettings: (account: LinkedinAccount) => void;
  onWarmUp: (account: LinkedinAccount, enabled: boolean) => void;
  onDelete: (account: LinkedinAccount) => void;
};

function ProxySummary({ proxy }: { proxy: LinkedinAccount['proxy'] }) {
  const { t } = useTranslation(NAMESPACE);
  if (!proxy) return <Typography.Text type="secondary">{t('linkedinAccounts.proxy.none')}</Typography.Text>;
  if (proxy.kind === 'builtin') return <Typography.Text>{t('linkedinAccounts.proxy.builtin', { country: proxy.countryName })}</Typography.Text>;
  return <Typography.Text>{t('linkedinAccounts.proxy.custom', { host: proxy.host, port: proxy.port })}</Typography.Text>;
}

/** The caller's LinkedIn slots and accounts: who they are, their state and way out, proxy, clock, today's use. */
export function LinkedinAccountsTable({ accounts, busyIds, onNextStep, onSettings, onWarmUp, onDelete }: LinkedinAccountsTableProps) {
  const { t } = useTranslation(NAMESPACE);
  const nameOf = useAccountName();
  return (
    <Table<LinkedinAccount>
      rowKey="id"
      size="middle"
      dataSource={accounts}
      pagination={false}
      // On a phone the columns scroll inside the table instead of pushing the page sideways.
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'account',
          title: t('linkedinAccounts.columns.account'),
          render: (_, account) => (
            <Flex vertical gap={2} align="flex-start">
              <Typography.Text strong>{nameOf(account)}</Typography.Text>
              {account.profileName ? (
                account.profileUrl ? (
                  <Typography.Link href={account.profileUrl} target="_blank" rel="noreferrer noopener">
                    {account.profileName}
                  </Typography.Link>
                ) : (
                  <Typography.Text type="secondary">{account.profileName}</Typography.Text>
                )
              ) : null}
              <Space size={4} wrap>
                <NetworkTag provider={account.provider} />
                {account.assignedUserName ? <Tag>{t('linkedinAccounts.assignedTo', { name: account.assignedUserName })}</Tag> : null}
              </Space>
            </Flex>
          ),
        },
        {
          key: 'state',
          title: t('linkedinAccounts.columns.state'),
          render: (_, account) => <StateCell account={account} onNextStep={(step) => onNextStep(account, step)} />,
        },
        {
          key: 'proxy',
          title: t('linkedinAccounts.columns.proxy'),
          render: (_, account) => <ProxySummary proxy={account.proxy} />,
        },
        {
          key: 'timezone',
          title: t('linkedinAccounts.columns.timezone'),
          dataIndex: 'timezone',
        },
        {
          key: 'today',
          title: t('linkedinAccounts.columns.today'),
          render: (_, account) => <UsageCell account={account} />,
        },
        {
          key: 'invitations',
          title: t('linkedinAccounts.columns.invitations'),
          render: (_, account) => (
            <Typography.Text data-testid="pending-invitations" style={{ whiteSpace: 'nowrap' }}>
              {t('linkedinAccounts.pendingOfLimit', { pending: account.pendingInvitations, limit: account.connectLimit })}
            </Typography.Text>
          ),
        },
        {
          key: 'warmUp',
          title: t('linkedinAccounts.columns.warmUp'),
          render: (_, account) => (
            <Switch
              size="small"
              checked={account.warmUp}
              disabled={!isEditable(account)}
              loading={busyIds.has(account.id)}
              aria-label={t('linkedinAccounts.warmUpOf', { name: nameOf(account) })}
              onChange={(enabled) => onWarmUp(account, enabled)}
            />
          ),
        },
        {
          key: 'actions',
          title: t('linkedinAccounts.columns.actions'),
          render: (_, account) =>
            isEditable(account) ? (
              <Space size={4} wrap>
                <Button size="small" aria-label={t('linkedinAccounts.settingsOf', { name: nameOf(account) })} onClick={() => onSettings(account)}>
                  {t('linkedinAccounts.actions.settings')}
                </Button>
                <Button size="small" danger aria-label={t('linkedinAccounts.deleteOf', { name: nameOf(account) })} onClick={() => onDelete(account)}>
                  {t('common:actions.delete')}
                </Button>
              </Space>
            ) : null,
        },
      ]}
    />
  );
}
