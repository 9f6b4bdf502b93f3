import { Button, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettableWarmupStatus, WarmupAccount } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

export type WarmupStatusButtonProps = {
  account: Pick<WarmupAccount, 'email' | 'status' | 'hasImap'>;
  busy: boolean;
  size?: 'small' | 'middle';
  onChange: (status: SettableWarmupStatus) => void;
};

/** Start or pause one warm-up; a mailbox without IMAP cannot start, and the button says why. */
export function WarmupStatusButton({ account, busy, size = 'small', onChange }: WarmupStatusButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  const running = account.status === 'active' || account.status === 'pending';
  if (running) {
    return (
      <Button size={size} loading={busy} aria-label={t('warmUp.actions.pauseOf', { email: account.email })} onClick={() => onChange('paused')}>
        {t('warmUp.actions.pause')}
      </Button>
    );
  }
  if (!account.hasImap) {
    return (
      <Flex vertical gap={2} align="flex-start">
        <Tooltip title={t('errors:warmup_imap_required.description')}>
          {/* A disabled button takes no pointer events: the wrapper carries the tooltip. */}
          <span>
            <Button size={size} disabled aria-label={t('warmUp.actions.startOf', { email: account.email })}>
              {t('warmUp.actions.start')}
            </Button>
          </span>
        </Tooltip>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('warmUp.noImap')}
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <Button
      size={size}
      type="primary"
      loading={busy}
      aria-label={t('warmUp.actions.startOf', { email: account.email })}
      onClick={() => onChange('active')}
    >
      {t('warmUp.actions.start')}
    </Button>
  );
}
