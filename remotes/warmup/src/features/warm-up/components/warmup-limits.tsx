import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WarmupUserLimits } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

export type WarmupLimitsProps = {
  limits: WarmupUserLimits;
};

/** What the plan allows the warm-up and how much of it is used; a warning while the pool is too small. */
export function WarmupLimits({ limits }: WarmupLimitsProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Flex vertical gap={12}>
      <Flex gap={24} wrap>
        <Typography.Text data-testid="warmup-mailboxes-used">
          {limits.maxMailboxes === null
            ? t('warmUp.limits.mailboxesUnlimited', { used: limits.usedMailboxes })
            : t('warmUp.limits.mailboxes', { used: limits.usedMailboxes, max: limits.maxMailboxes })}
        </Typography.Text>
        <Typography.Text data-testid="warmup-max-ceiling">{t('warmUp.limits.ceiling', { max: limits.maxCeiling })}</Typography.Text>
      </Flex>
      {limits.poolSize < limits.poolMinimum ? (
        <Alert
          type="warning"
          showIcon
          title={t('warmUp.limits.poolSmallTitle')}
          description={t('warmUp.limits.poolSmall', { size: limits.poolSize, minimum: limits.poolMinimum })}
        />
      ) : null}
    </Flex>
  );
}
