import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WarmupRates } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { formatRate } from '../utils/format-rate';

export type RatesSummaryProps = {
  last7: WarmupRates;
  last30: WarmupRates;
};

/** The placements and replies of the last 7 and 30 days, with their rates. */
export function RatesSummary({ last7, last30 }: RatesSummaryProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const rate = (value: number | null) => formatRate(value, i18n.language);
  const line = (rates: WarmupRates) =>
    t('warmUp.rates.summary', {
      sent: rates.sent,
      inbox: rate(rates.inboxRate),
      spam: rate(rates.spamRate),
      reply: rate(rates.replyRate),
    });
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: '7', label: t('warmUp.rates.window7'), children: line(last7) },
        { key: '30', label: t('warmUp.rates.window30'), children: line(last30) },
      ]}
    />
  );
}
