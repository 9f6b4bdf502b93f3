import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampaignQuickStats } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { QUICK_STAT_KEYS, formatRate, quickStatRate } from '../utils/quick-stats';

export type QuickStatsCellProps = { stats: CampaignQuickStats };

/** Sent, opened, clicked, replied, bounced: each count with its rate (no rate before anything was sent). */
export function QuickStatsCell({ stats }: QuickStatsCellProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  return (
    <Flex gap={16} data-testid="quick-stats">
      {QUICK_STAT_KEYS.map((key) => {
        const rate = quickStatRate(stats, key);
        return (
          <Flex key={key} vertical align="center" data-stat={key}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`list.stats.${key}`)}
            </Typography.Text>
            <Typography.Text strong>{stats[key].toLocaleString(i18n.language)}</Typography.Text>
            {rate !== null ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatRate(rate, i18n.language)}
              </Typography.Text>
            ) : null}
          </Flex>
        );
      })}
    </Flex>
  );
}
