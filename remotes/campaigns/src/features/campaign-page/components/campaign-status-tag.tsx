import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampaignPausedReason, CampaignStatus } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

const STATUS_COLORS: Record<CampaignStatus, string> = {
  new: 'default',
  active: 'green',
  pause: 'orange',
  completed: 'blue',
  archived: 'default',
};

export type CampaignStatusTagProps = {
  status: CampaignStatus;
  pausedReason: CampaignPausedReason | null;
};

/** The campaign's status; a campaign that paused itself says why (bounce rate, a removed sender…). */
export function CampaignStatusTag({ status, pausedReason }: CampaignStatusTagProps) {
  const { t } = useTranslation(NAMESPACE);
  const tag = (
    <Tag color={STATUS_COLORS[status]} data-testid="campaign-status">
      {t(`campaignPage.status.${status}`)}
    </Tag>
  );
  if (status !== 'pause' || pausedReason === null) return tag;
  const reason = t(`campaignPage.pausedReason.${pausedReason}`);
  return (
    <span>
      <Tooltip title={reason}>{tag}</Tooltip>
      <span data-testid="campaign-paused-reason">{reason}</span>
    </span>
  );
}
