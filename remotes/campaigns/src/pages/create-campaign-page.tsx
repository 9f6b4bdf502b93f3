import { useState } from 'react';
import { Button, Card, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CAMPAIGN_TITLE_MAX } from '@leadforge/contracts';
import { ErrorState, LoadingState, useApiErrorModal } from '@leadforge/ui';
import { Screen } from '../components/screen';
import { NAMESPACE } from '../i18n';
import { useCampaignUserInfo } from '../features/campaign-list/api/campaign-user-info';
import { useSaveCampaign } from '../features/campaign-list/api/save-campaign';
import { useGetCampaign } from '../features/campaign-wizard/api/get-campaign';
import { CampaignWizard } from '../features/campaign-wizard/components/campaign-wizard';
import { stepOfSlug, wizardPath } from '../features/campaign-wizard/utils/wizard-steps';

/** The campaign id of `?id=`; null when absent or not a positive integer. */
function campaignIdOf(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /campaigns/create/:step?id=<campaignId>: the four-step creation wizard (document 1 §2). The
 * campaign exists on the server from the first step (created with its title), so every step saves
 * as it goes; without a step in the address the wizard resumes at the step last reached. Without
 * an id it first asks for the title.
 */
export function CreateCampaignPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const { step: slug } = useParams();
  const [search] = useSearchParams();
  const id = campaignIdOf(search.get('id'));
  const campaign = useGetCampaign(id);
  const userInfo = useCampaignUserInfo();

  let content;
  if (id === null) content = <NameCampaign />;
  else if (campaign.isPending || userInfo.isPending) content = <LoadingState label={t('wizard.loading')} />;
  else if (campaign.isError) content = <ErrorState error={campaign.error} onRetry={() => void campaign.refetch()} />;
  else if (userInfo.isError) content = <ErrorState error={userInfo.error} onRetry={() => void userInfo.refetch()} />;
  else {
    const step = stepOfSlug(slug);
    if (step === null) return <Navigate to={wizardPath(id, campaign.data.campaign.creationStep)} replace />;
    content = <CampaignWizard campaign={campaign.data.campaign} userInfo={userInfo.data} step={step} />;
  }

  return (
    <Screen pageKey="createCampaign" onBack={() => void navigate('/campaigns')}>
      {content}
    </Screen>
  );
}

/** The first thing a new campaign needs: its title (then it exists, and each step saves on it). */
function NameCampaign() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const showError = useApiErrorModal();
  const save = useSaveCampaign();
  const [title, setTitle] = useState('');
  const trimmed = title.trim();
  const handleCreate = () =>
    trimmed.length > 0 &&
    save.mutate(
      { body: { title: trimmed } },
      { onSuccess: ({ campaign }) => void navigate(wizardPath(campaign.campaignId, 'sequence'), { replace: true }), onError: (error) => showError(error) },
    );
  return (
    <Card title={t('list.create.title')} style={{ maxWidth: 520 }}>
      <Flex gap={8}>
        <Input autoFocus aria-label={t('list.create.name')} placeholder={t('list.create.name')} maxLength={CAMPAIGN_TITLE_MAX} value={title} onChange={(event) => setTitle(event.target.value)} onPressEnter={handleCreate} />
        <Button type="primary" disabled={trimmed.length === 0} loading={save.isPending} onClick={handleCreate}>
          {t('list.create.confirm')}
        </Button>
      </Flex>
    </Card>
  );
}
