import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export type ConnectionStatusValue = 'connecting' | 'online' | 'offline';

export type ConnectionStatusProps = { status: ConnectionStatusValue };

const BADGE: Record<ConnectionStatusValue, 'processing' | 'success' | 'error'> = {
  connecting: 'processing',
  online: 'success',
  offline: 'error',
};

/** A quiet dot in the header: live updates are on, reconnecting, or off. */
export function ConnectionStatus({ status }: ConnectionStatusProps) {
  const { t } = useTranslation();
  const label = t(`common:realtime.${status}`);
  return (
    <Tooltip title={label}>
      <span role="status" aria-label={label} data-status={status}>
        <Badge status={BADGE[status]} />
      </span>
    </Tooltip>
  );
}
