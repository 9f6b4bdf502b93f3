import { Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RouteResponse, linkedinAccountsRoutes } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { useAccountName } from '../hooks/use-account-name';
import { STATE_COLOR } from '../utils/account-state';
import { NetworkTag } from './sandbox-network';

export type TeamLinkedinAccount = RouteResponse<typeof linkedinAccountsRoutes.teamLinkedinAccounts>['items'][number];

export type TeamSlotsTableProps = {
  accounts: TeamLinkedinAccount[];
  /** The lead assigns and takes back their own slots; members only see who uses which. */
  canManage: boolean;
  busyId: number | null;
  onAssign: (account: TeamLinkedinAccount) => void;
  onRetract: (account: TeamLinkedinAccount) => void;
};

/** The team's LinkedIn slots: whose they are, who uses each, and (for the lead) assign or take back. */
export function TeamSlotsTable({ accounts, canManage, busyId, onAssign, onRetract }: TeamSlotsTableProps) {
  const { t } = useTranslation(NAMESPACE);
  const nameOf = useAccountName();
  return (
    <Table<TeamLinkedinAccount>
      rowKey="id"
      size="small"
      dataSource={accounts}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'account',
          title: t('linkedinAccounts.team.columns.account'),
          render: (_, account) => (
            <Flex vertical gap={2} align="flex-start">
              <Typography.Text strong>{nameOf(account)}</Typography.Text>
              {account.profileName ? <Typography.Text type="secondary">{account.profileName}</Typography.Text> : null}
              <NetworkTag provider={account.provider} />
            </Flex>
          ),
        },
        {
          key: 'state',
          title: t('linkedinAccounts.team.columns.state'),
          render: (_, account) => <Tag color={STATE_COLOR[account.state]}>{t(`linkedinAccounts.state.${account.state}`)}</Tag>,
        },
        { key: 'owner', title: t('linkedinAccounts.team.columns.owner'), dataIndex: 'ownerName' },
        {
          key: 'assigned',
          title: t('linkedinAccounts.team.columns.assignedTo'),
          render: (_, account) =>
            account.assignedUserName ?? <Typography.Text type="secondary">{t('linkedinAccounts.team.unassigned')}</Typography.Text>,
        },
        ...(canManage
          ? [
              {
                key: 'actions',
                title: t('linkedinAccounts.team.columns.actions'),
                render: (_: unknown, account: TeamLinkedinAccount) =>
                  !account.isOwn || account.state === 'deleted' ? null : account.assignedUserId !== null ? (
                    <Popconfirm
                      title={t('linkedinAccounts.team.retractConfirm', { name: nameOf(account), member: account.assignedUserName ?? '' })}
                      okText={t('linkedinAccounts.team.retract')}
                      cancelText={t('common:actions.cancel')}
                      onConfirm={() => onRetract(account)}
                    >
                      <Button size="small" loading={busyId === account.id} aria-label={t('linkedinAccounts.team.retractOf', { name: nameOf(account) })}>
                        {t('linkedinAccounts.team.retract')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Space>
                      <Button size="small" loading={busyId === account.id} aria-label={t('linkedinAccounts.team.assignOf', { name: nameOf(account) })} onClick={() => onAssign(account)}>
                        {t('linkedinAccounts.team.assign')}
                      </Button>
                    </Space>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}
