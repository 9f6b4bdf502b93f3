import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampaignPausedReason, CampaignStatus } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

const COLOR: Record<CampaignStatus, string> = {
  new: 'default',
  active: 'green',
  pause: 'orange',
  completed: 'blue',
  archived: 'default',
};

export type CampaignStatusBadgeProps = {
  status: CampaignStatus;
  /** Why a campaign paused itself (bounce rate, a removed sender…); null when a user paused it. */
  pausedReason: CampaignPausedReason | null;
};

/** A campaign's status; a campaign that paused itself says why on hover and in its label. */
export function CampaignStatusBadge({ status, pausedReason }: CampaignStatusBadgeProps) {
  const { t } = useTranslation(NAMESPACE);
  const tag = (
    <Tag color={COLOR[status]} data-testid="campaign-status" data-status={status}>
      {t(`list.status.${status}`)}
    </Tag>
  );
  if (status !== 'pause' || pausedReason === null) return tag;
  return <Tooltip title={t(`list.pausedReason.${pausedReason}`)}>{tag}</Tooltip>;
}
