import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WARMUP_RULES, healthSeverity, type WarmupHealth } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

export type HealthBadgeProps = {
  health: WarmupHealth | null;
};

/**
 * The warm-up health (good / ok / bad in the severity colours of document 1 §4). Without enough
 * placed mails over the last days it is not known yet, and the badge says what it waits for.
 */
export function HealthBadge({ health }: HealthBadgeProps) {
  const { t } = useTranslation(NAMESPACE);
  if (health === null) {
    return (
      <Flex vertical gap={2} align="flex-start">
        <Tag data-health="unknown">{t('warmUp.health.unknown')}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 200 }}>
          {t('warmUp.health.unknownRule', { samples: WARMUP_RULES.healthMinSamples, days: WARMUP_RULES.healthWindowDays })}
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <Tag color={healthSeverity(health)} data-health={health}>
      {t(`warmUp.health.${health}`)}
    </Tag>
  );
}
