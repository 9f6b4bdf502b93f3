import { Alert, Button, Flex, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { CAMPAIGN_CREATION_STEPS, type CampaignCreationStep, type CampaignUserInfo, type CampaignView } from '@leadforge/contracts';
import { useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { usePutCampaignAbout } from '../api/save-campaign-section';
import { furthestStep, stepIndex, wizardPath } from '../utils/wizard-steps';
import { ProspectsStep } from './prospects-step';
import { ReviewStep } from './review-step';
import { SendingOptionsStep } from './sending-options-step';
import { SequenceStep } from './sequence-step';

export type CampaignWizardProps = {
  campaign: CampaignView;
  userInfo: CampaignUserInfo;
  step: CampaignCreationStep;
};

/**
 * The four creation steps over one saved campaign. Each step saves its own changes as they are
 * made; moving on records the furthest step reached, so a reload (or the list's "continue")
 * resumes there.
 */
export function CampaignWizard({ campaign, userInfo, step }: CampaignWizardProps) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const showError = useApiErrorModal();
  const about = usePutCampaignAbout();
  const index = stepIndex(step);

  const goTo = (next: CampaignCreationStep) => {
    const reached = furthestStep(campaign.creationStep, next);
    if (campaign.editable && campaign.status === 'new' && reached !== campaign.creationStep) {
      about.mutate(
        { params: { id: campaign.campaignId }, body: { title: campaign.title, folder: campaign.folder, creationStep: reached } },
        { onError: (error) => showError(error) },
      );
    }
    void navigate(wizardPath(campaign.campaignId, next));
  };

  const handleRename = (title: string) => {
    const trimmed = title.trim();
    if (trimmed.length === 0 || trimmed === campaign.title) return;
    about.mutate({ params: { id: campaign.campaignId }, body: { title: trimmed, folder: campaign.folder, creationStep: campaign.creationStep } }, { onError: (error) => showError(error) });
  };

  let content;
  if (step === 'sequence') content = <SequenceStep key={campaign.campaignId} campaign={campaign} userInfo={userInfo} />;
  else if (step === 'prospects') content = <ProspectsStep key={campaign.campaignId} campaign={campaign} />;
  else if (step === 'sending_options') content = <SendingOptionsStep key={campaign.campaignId} campaign={campaign} userInfo={userInfo} />;
  else content = <ReviewStep campaign={campaign} onGoToStep={goTo} />;

  return (
    <Flex vertical gap={16} data-testid="campaign-wizard" data-step={step}>
      <Typography.Title level={4} editable={campaign.editable ? { onChange: handleRename, maxLength: 255, triggerType: ['icon', 'text'] } : false} style={{ margin: 0 }} data-testid="wizard-title">
        {campaign.title}
      </Typography.Title>
      {campaign.status !== 'new' ? (
        <Alert
          type="info"
          showIcon
          title={t('wizard.launchedNotice')}
          action={
            <Link to={`/campaigns/${campaign.campaignId}`}>
              <Button size="small">{t('wizard.openCampaign')}</Button>
            </Link>
          }
        />
      ) : null}
      <Steps current={index} onChange={(next) => goTo(CAMPAIGN_CREATION_STEPS[next]!)} items={CAMPAIGN_CREATION_STEPS.map((item) => ({ title: t(`wizard.steps.${item}`) }))} />
      {content}
      <Flex justify="space-between">
        <Button disabled={index === 0} onClick={() => goTo(CAMPAIGN_CREATION_STEPS[index - 1]!)} data-testid="wizard-back">
          {t('wizard.back')}
        </Button>
        {index < CAMPAIGN_CREATION_STEPS.length - 1 ? (
          <Button type="primary" onClick={() => goTo(CAMPAIGN_CREATION_STEPS[index + 1]!)} data-testid="wizard-next">
            {t('wizard.next')}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
