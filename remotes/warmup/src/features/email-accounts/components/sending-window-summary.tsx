import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SendingWindowSetting } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { windowSpans } from '../utils/sending-window';

export type SendingWindowSummaryProps = {
  window: SendingWindowSetting | null;
};

/** "Mon–Fri 09:00–17:00" and the time zone; "Any time" without a window. */
export function SendingWindowSummary({ window }: SendingWindowSummaryProps) {
  const { t } = useTranslation(NAMESPACE);
  if (!window) return <Typography.Text>{t('emailAccounts.window.anyTime')}</Typography.Text>;
  const spans = windowSpans(window);
  if (spans.length === 0) return <Typography.Text type="warning">{t('emailAccounts.window.never')}</Typography.Text>;
  return (
    <Flex vertical>
      {spans.map((span) => (
        <Typography.Text key={span.firstDay}>
          {span.firstDay === span.lastDay
            ? t('emailAccounts.window.day', { day: t(`days.short.${span.firstDay}`), from: span.from, to: span.to })
            : t('emailAccounts.window.days', { first: t(`days.short.${span.firstDay}`), last: t(`days.short.${span.lastDay}`), from: span.from, to: span.to })}
        </Typography.Text>
      ))}
      <Typography.Text type="secondary">{window.timeZone}</Typography.Text>
    </Flex>
  );
}
