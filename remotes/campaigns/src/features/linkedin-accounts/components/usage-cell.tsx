import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LINKEDIN_ACTION_TYPES, LINKEDIN_WARMUP, type LinkedinAccount } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

export type UsageCellProps = {
  account: Pick<LinkedinAccount, 'doneToday' | 'effectiveLimits' | 'warmUp' | 'warmUpDay'>;
};

/** Today's actions against today's limits (lowered by the warm-up ramp while it runs). */
export function UsageCell({ account }: UsageCellProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Flex vertical gap={0} data-testid="usage">
      {account.warmUp && account.warmUpDay !== null ? (
        <Typography.Text type="secondary" data-testid="warm-up-day">
          {account.warmUpDay <= LINKEDIN_WARMUP.days
            ? t('linkedinAccounts.warmUpDay', { day: account.warmUpDay, days: LINKEDIN_WARMUP.days })
            : t('linkedinAccounts.warmUpDone')}
        </Typography.Text>
      ) : null}
      {LINKEDIN_ACTION_TYPES.map((action) => (
        <Typography.Text key={action} style={{ whiteSpace: 'nowrap' }}>
          {t('linkedinAccounts.usage', {
            action: t(`linkedinAccounts.actionNames.${action}`),
            done: account.doneToday[action],
            limit: account.effectiveLimits[action],
          })}
        </Typography.Text>
      ))}
    </Flex>
  );
}
