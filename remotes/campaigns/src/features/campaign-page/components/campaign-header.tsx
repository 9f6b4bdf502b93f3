import { Button, Flex, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampaignStateAction, CampaignView } from '@leadforge/contracts';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useSetCampaignState } from '../api/set-campaign-state';
import { stateActions } from '../utils/campaign-state';
import { CampaignStatusTag } from './campaign-status-tag';

export type CampaignHeaderProps = { campaign: CampaignView };

/** Title, status (with why it paused itself), owner, and the start/pause/resume/complete/archive/unarchive buttons the status allows. */
export function CampaignHeader({ campaign }: CampaignHeaderProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const setState = useSetCampaignState();
  const actions = stateActions(campaign.status, campaign.editable);

  const handleAction = (state: CampaignStateAction) =>
    setState.mutate(
      { body: { campaignId: campaign.campaignId, state } },
      {
        onSuccess: () => toast.success(t(`campaignPage.header.done.${state}`, { title: campaign.title })),
        onError: (error) => showError(error),
      },
    );

  const busy = (state: CampaignStateAction) => setState.isPending && setState.variables?.body.state === state;

  return (
    <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 16 }}>
      <Space orientation="vertical" size={4}>
        <Space wrap>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="campaign-title">
            {campaign.title}
          </Typography.Title>
          <CampaignStatusTag status={campaign.status} pausedReason={campaign.pausedReason} />
        </Space>
        <Typography.Text type="secondary">
          {t('campaignPage.header.owner', { name: campaign.owner.name })}
          {campaign.launchedAt
            ? ` · ${t('campaignPage.header.launched', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(campaign.launchedAt)),
              })}`
            : ''}
        </Typography.Text>
        {campaign.listDeleted ? <Typography.Text type="warning">{t('campaignPage.header.listDeleted')}</Typography.Text> : null}
      </Space>
      <Space wrap>
        {actions.map((action) =>
          action === 'complete' ? (
            <Popconfirm
              key={action}
              title={t('campaignPage.header.completeConfirm')}
              okText={t('campaignPage.header.actions.complete')}
              cancelText={t('campaignPage.common.cancel')}
              onConfirm={() => handleAction(action)}
            >
              <Button loading={busy(action)}>{t('campaignPage.header.actions.complete')}</Button>
            </Popconfirm>
          ) : (
            <Button key={action} type={action === 'archive' || action === 'unarchive' ? 'default' : 'primary'} loading={busy(action)} onClick={() => handleAction(action)}>
              {t(`campaignPage.header.actions.${action}`)}
            </Button>
          ),
        )}
      </Space>
    </Flex>
  );
}
