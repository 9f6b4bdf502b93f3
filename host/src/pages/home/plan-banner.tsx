import { Alert, Button, Flex } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PricingPlan } from '@leadforge/contracts';
import { pricingPlanQuery } from '../../app/queries/shell-queries';

export type PlanBannerProps = { plan: PricingPlan | null };

/**
 * Trial days left, or the expired state with the ways out (pay, or continue the free trial). The
 * buttons sit under the text, not beside it: beside it they squeezed the text to one letter per
 * line at phone width.
 */
export function PlanBanner({ plan }: PlanBannerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const details = useQuery({ ...pricingPlanQuery, enabled: Boolean(plan && (plan.expired || plan.isFreePlan)) });
  if (!plan) return null;

  const trialButton = details.data?.trialAvailable ? (
    <Button onClick={() => navigate('/continue-free-trial')}>{t('shell:plan.continueTrial')}</Button>
  ) : null;
  const pricingButton = (
    <Button type="primary" onClick={() => navigate('/pricing-plans')}>
      {t('shell:plan.choosePlan')}
    </Button>
  );

  if (plan.expired) {
    return (
      <Alert
        type="error"
        showIcon
        title={`${t('home:plan.expired')} (${t('home:plan.name', { plan: plan.name })})`}
        description={
          <Flex vertical gap={8} align="flex-start">
            <span>{t('shell:plan.expired')}</span>
            <Flex gap={8} wrap>
              {trialButton}
              {pricingButton}
            </Flex>
          </Flex>
        }
      />
    );
  }
  if (plan.willExpireDays !== null && plan.willExpireDays >= 0) {
    return (
      <Alert
        type={plan.willExpireDays <= 3 ? 'warning' : 'info'}
        showIcon
        title={
          plan.isFreePlan
            ? t('shell:plan.trialEnds', { count: plan.willExpireDays })
            : `${t('home:plan.name', { plan: plan.name })} · ${t('home:plan.daysLeft', { count: plan.willExpireDays })}`
        }
        description={
          <Flex gap={8} wrap>
            {trialButton}
            {pricingButton}
          </Flex>
        }
      />
    );
  }
  return null;
}
