import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WarmupAccount, WarmupStatus } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { pendingReasonText } from '../utils/pending-reason';

const COLOR: Record<WarmupStatus, string> = {
  active: 'processing',
  paused: 'default',
  pending: 'warning',
  disabled: 'default',
};

export type WarmupStatusTagProps = {
  account: Pick<WarmupAccount, 'status' | 'statusReason' | 'throttled'>;
};

/** The warm-up's status; a pending one says why it waits, a throttled one that it is back at its start volume. */
export function WarmupStatusTag({ account }: WarmupStatusTagProps) {
  const { t } = useTranslation(NAMESPACE);
  const reason = account.status === 'pending' ? pendingReasonText(account.statusReason) : null;
  return (
    <Flex vertical gap={4} align="flex-start">
      <Tag color={COLOR[account.status]} data-status={account.status}>
        {t(`warmUp.status.${account.status}`)}
      </Tag>
      {reason ? (
        <Typography.Text type="secondary" style={{ maxWidth: 220 }}>
          {'ownKey' in reason ? t(reason.ownKey) : t(`errors:${reason.errorKey}.title`)}
        </Typography.Text>
      ) : null}
      {account.throttled && account.status !== 'disabled' ? (
        <Typography.Text type="warning" style={{ maxWidth: 220 }}>
          {t('warmUp.throttled')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
