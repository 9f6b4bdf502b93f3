import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WarmupBulkAction } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

export type WarmupBulkBarProps = {
  count: number;
  /** The action on its way, if any. */
  pending: WarmupBulkAction | null;
  onAction: (action: WarmupBulkAction) => void;
  onClear: () => void;
};

/** Start or pause every selected mailbox's warm-up at once. */
export function WarmupBulkBar({ count, pending, onAction, onClear }: WarmupBulkBarProps) {
  const { t } = useTranslation(NAMESPACE);
  if (count === 0) return null;
  return (
    <Flex gap={8} align="center" wrap role="toolbar" aria-label={t('warmUp.bulk.label')}>
      <Typography.Text>{t('warmUp.bulk.selected', { count })}</Typography.Text>
      <Button type="primary" loading={pending === 'start'} disabled={pending !== null} onClick={() => onAction('start')}>
        {t('warmUp.bulk.start')}
      </Button>
      <Button loading={pending === 'pause'} disabled={pending !== null} onClick={() => onAction('pause')}>
        {t('warmUp.bulk.pause')}
      </Button>
      <Button type="link" onClick={onClear}>
        {t('warmUp.bulk.clear')}
      </Button>
    </Flex>
  );
}
