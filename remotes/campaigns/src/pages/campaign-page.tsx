import type { ReactNode } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '@leadforge/api-client';
import { ErrorState, LoadingState } from '@leadforge/ui';
import { Screen } from '../components/screen';
import { NAMESPACE } from '../i18n';
import { useGetCampaign } from '../features/campaign-page/api/get-campaign';
import { CampaignHeader } from '../features/campaign-page/components/campaign-header';
import { CampaignNotFound } from '../features/campaign-page/components/campaign-not-found';
import { RecipientsSection } from '../features/campaign-page/components/recipients-section';
import { SequenceSection } from '../features/campaign-page/components/sequence-section';
import { SettingsSection } from '../features/campaign-page/components/settings-section';
import { StatisticsSection } from '../features/campaign-page/components/statistics-section';
import { CAMPAIGN_PAGE_SECTIONS, readCampaignId, readSection, type CampaignPageSection } from '../features/campaign-page/utils/campaign-state';

/**
 * /campaigns/:campaignId/:section? — one campaign: its header (status, start/pause/resume) and the
 * sections statistics (default), recipients, sequence and settings, each with its own address.
 */
export function CampaignPage() {
  const { campaignId: rawId, section: rawSection } = useParams();
  const campaignId = readCampaignId(rawId);
  const section = readSection(rawSection);
  return (
    <Screen pageKey="campaign">
      {campaignId === null || section === null ? <CampaignNotFound /> : <CampaignScreen campaignId={campaignId} section={section} />}
    </Screen>
  );
}

function CampaignScreen({ campaignId, section }: { campaignId: number; section: CampaignPageSection }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const campaign = useGetCampaign(campaignId);

  if (campaign.isPending) return <LoadingState label={t('campaignPage.loading')} />;
  if (campaign.isError) {
    if (isApiError(campaign.error) && campaign.error.status === 404) return <CampaignNotFound />;
    return <ErrorState error={campaign.error} onRetry={() => void campaign.refetch()} />;
  }
  const view = campaign.data.campaign;
  const content: Record<CampaignPageSection, () => ReactNode> = {
    statistics: () => <StatisticsSection campaign={view} />,
    recipients: () => <RecipientsSection campaign={view} />,
    sequence: () => <SequenceSection campaign={view} />,
    settings: () => <SettingsSection campaign={view} />,
  };

  return (
    <>
      <CampaignHeader campaign={view} />
      <Tabs
        activeKey={section}
        onChange={(key) => void navigate(`/campaigns/${campaignId}/${key}`)}
        destroyOnHidden
        items={CAMPAIGN_PAGE_SECTIONS.map((key) => ({
          key,
          label: t(`campaignPage.sections.${key}`),
          children: key === section ? content[key]() : null,
        }))}
      />
    </>
  );
}
