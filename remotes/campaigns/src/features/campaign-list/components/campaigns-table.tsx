import { Button, Dropdown, Flex, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import MoreOutlined from '@ant-design/icons/es/icons/MoreOutlined';
import WarningOutlined from '@ant-design/icons/es/icons/WarningOutlined';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { campaignStateActions, type CampaignListItem, type CampaignStateAction } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { wizardPath } from '../../campaign-wizard/utils/wizard-steps';
import { CampaignStatusBadge } from './campaign-status-badge';
import { QuickStatsCell } from './quick-stats-cell';

export type CampaignRowAction = 'copy' | 'move' | 'delete';

export type CampaignsTableProps = {
  items: readonly CampaignListItem[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPageChange(page: number): void;
  /** A campaign whose state change is on its way (its buttons wait). */
  busyId: number | null;
  onSetState(campaign: CampaignListItem, state: CampaignStateAction): void;
  onAction(campaign: CampaignListItem, action: CampaignRowAction): void;
};

/**
 * The state changes a campaign's status allows from the list (contracts rules/campaign-state): a
 * new one is launched from its review step, a paused one is resumed (not "started"), a completed
 * one archived, an archived one unarchived.
 */
export function stateActionsOf(campaign: Pick<CampaignListItem, 'status'>): CampaignStateAction[] {
  return campaignStateActions(campaign.status).filter((action) => action !== 'start');
}

/** Where a row's title leads: a new campaign's wizard at its saved step, otherwise its page. */
export function campaignHref(campaign: Pick<CampaignListItem, 'campaignId' | 'status' | 'creationStep'>): string {
  return campaign.status === 'new' ? wizardPath(campaign.campaignId, campaign.creationStep) : `/campaigns/${campaign.campaignId}`;
}

/** One page (20) of campaigns: title, status, list, owner, senders, recipients, quick figures and actions. */
export function CampaignsTable({ items, loading, page, pageSize, total, onPageChange, busyId, onSetState, onAction }: CampaignsTableProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const columns: TableColumnsType<CampaignListItem> = [
    {
      key: 'title',
      title: t('list.columns.title'),
      render: (_, campaign) => (
        <Flex vertical>
          <Link to={campaignHref(campaign)} data-testid="campaign-title">
            {campaign.title}
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('list.createdAt', { date: new Date(campaign.createdAt).toLocaleDateString(i18n.language) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('list.columns.status'),
      render: (_, campaign) => <CampaignStatusBadge status={campaign.status} pausedReason={campaign.pausedReason} />,
    },
    {
      key: 'list',
      title: t('list.columns.list'),
      render: (_, campaign) =>
        campaign.listDeleted ? (
          <Tooltip title={t('errors:campaigns_list_deleted.description')}>
            <Tag color="error" icon={<WarningOutlined aria-hidden />} data-testid="list-deleted">
              {t('errors:campaigns_list_deleted.title')}
            </Tag>
          </Tooltip>
        ) : (
          (campaign.list?.name ?? <Typography.Text type="secondary">{t('list.noList')}</Typography.Text>)
        ),
    },
    { key: 'owner', title: t('list.columns.owner'), render: (_, campaign) => campaign.owner.name },
    {
      key: 'senders',
      title: t('list.columns.senders'),
      render: (_, campaign) => {
        const names = [...campaign.senders.email.map((sender) => sender.email), ...campaign.senders.linkedin.map((sender) => sender.name)];
        if (names.length === 0) return <Typography.Text type="secondary">{t('list.noSenders')}</Typography.Text>;
        return (
          <Tooltip title={names.join(', ')}>
            <Typography.Text ellipsis style={{ maxWidth: 180 }}>
              {names.length === 1 ? names[0] : t('list.sendersCount', { first: names[0], more: names.length - 1 })}
            </Typography.Text>
          </Tooltip>
        );
      },
    },
    { key: 'recipients', title: t('list.columns.recipients'), align: 'right', render: (_, campaign) => campaign.recipients.toLocaleString(i18n.language) },
    { key: 'stats', title: t('list.columns.stats'), render: (_, campaign) => <QuickStatsCell stats={campaign.stats} /> },
    {
      key: 'actions',
      title: t('list.columns.actions'),
      render: (_, campaign) => (
        <Flex gap={4} align="center">
          {stateActionsOf(campaign).map((state) => (
            <Button
              key={state}
              size="small"
              disabled={!campaign.editable}
              loading={busyId === campaign.campaignId}
              onClick={() => onSetState(campaign, state)}
              data-testid={`campaign-${state}`}
            >
              {t(`list.actions.${state}`)}
            </Button>
          ))}
          {campaign.status === 'new' ? (
            <Link to={wizardPath(campaign.campaignId, campaign.creationStep)}>
              <Button size="small" type="primary" ghost>
                {t('list.actions.continue')}
              </Button>
            </Link>
          ) : null}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'copy', label: t('list.actions.copy') },
                { key: 'move', label: t('list.actions.move'), disabled: !campaign.editable },
                { type: 'divider' },
                { key: 'delete', label: t('list.actions.delete'), danger: true, disabled: !campaign.editable },
              ],
              onClick: ({ key }) => onAction(campaign, key as CampaignRowAction),
            }}
          >
            <Button size="small" type="text" aria-label={t('list.actions.more', { title: campaign.title })} icon={<MoreOutlined aria-hidden />} />
          </Dropdown>
        </Flex>
      ),
    },
  ];

  return (
    <Table<CampaignListItem>
      rowKey="campaignId"
      columns={columns}
      dataSource={items as CampaignListItem[]}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{ current: page, pageSize, total, showSizeChanger: false, onChange: onPageChange }}
      data-testid="campaigns-table"
    />
  );
}
