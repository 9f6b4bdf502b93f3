import { Descriptions, Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CampaignView, Flowchart } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { sequenceInWords, type PlanLine } from '../utils/plan-in-words';

export type PlanSummaryProps = {
  campaign: CampaignView;
  flowchart: Flowchart;
  names: { list: string | null; blacklist: string | null; schedule: string | null; senders: readonly string[]; linkedin: readonly string[] };
  recipients: number | null;
};

/** The translated values of a plan line (conditions, LinkedIn actions and waits are keys themselves). */
function lineValues(line: PlanLine, t: TFunction<typeof NAMESPACE>): Record<string, string | number> {
  const { count, unit, ...values } = line.values;
  if (typeof unit === 'string') values.wait = t(`wizard.plan.units.${unit}`, { count });
  if (typeof values.condition === 'string') values.condition = t(`wizard.plan.conditions.${values.condition}`);
  if (typeof values.action === 'string') values.action = t(`wizard.plan.actions.${values.action}`);
  return values;
}

/** The whole plan in words: who receives it, from which senders, when, with which options, and the sequence step by step. */
export function PlanSummary({ campaign, flowchart, names, recipients }: PlanSummaryProps) {
  const { t } = useTranslation(NAMESPACE);
  const none = t('wizard.review.none');
  const yesNo = (value: boolean) => (value ? t('wizard.review.yes') : t('wizard.review.no'));
  const limit = (value: number) => (value === -1 ? t('wizard.sending.noLimit') : String(value));
  const moment = (value: CampaignView['startAt']) => (value ? `${value.date} ${value.time} (${value.timeZone})` : none);
  const lines = sequenceInWords(flowchart);
  return (
    <Flex vertical gap={16} data-testid="plan-summary">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('wizard.prospects.list')}>{names.list ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.prospects.blacklist')}>{names.blacklist ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.review.recipients')}>
          <span data-testid="review-recipients">{recipients ?? '…'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('wizard.sending.emailAccounts')}>{names.senders.length > 0 ? names.senders.join(', ') : none}</Descriptions.Item>
        {names.linkedin.length > 0 ? <Descriptions.Item label={t('wizard.sending.linkedinAccounts')}>{names.linkedin.join(', ')}</Descriptions.Item> : null}
        <Descriptions.Item label={t('wizard.sending.schedule')}>{names.schedule ?? t('wizard.sending.noSchedule')}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.sending.start')}>{moment(campaign.startAt)}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.sending.end')}>{moment(campaign.completeAt)}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.sending.dailyLimit')}>{limit(campaign.dailyLimit)}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.sending.firstEmailDailyLimit')}>{limit(campaign.firstEmailDailyLimit)}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.sending.stopForReply')}>{yesNo(campaign.stopForReply)}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.sending.trackOpen')}>{yesNo(campaign.trackOpen)}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.sending.wrapLinks')}>{yesNo(campaign.wrapLinks)}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.sending.unsubscribeHeader')}>{yesNo(campaign.unsubscribeHeader)}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.sending.automaticallyComplete')}>{yesNo(campaign.automaticallyComplete)}</Descriptions.Item>
      </Descriptions>
      <Flex vertical gap={2} data-testid="plan-sequence">
        <Typography.Text strong>{t('wizard.review.sequenceTitle')}</Typography.Text>
        {lines.map((line, index) => (
          <Typography.Text key={index} style={{ paddingLeft: line.depth * 20 }}>
            {t(`wizard.plan.${line.key}`, lineValues(line, t))}
          </Typography.Text>
        ))}
      </Flex>
    </Flex>
  );
}
