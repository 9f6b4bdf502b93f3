import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EmailVerificationStatus } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

const COLOR: Record<EmailVerificationStatus, 'success' | 'error' | 'default' | 'warning' | 'processing'> = {
  not_verified: 'default',
  in_progress: 'processing',
  greylist: 'warning',
  valid: 'success',
  catch_all: 'warning',
  not_valid: 'error',
  unknown: 'default',
};

export type EmailStatusBadgeProps = { status: EmailVerificationStatus };

/** An email's verification status; pending ones (in_progress, greylist) show as processing/warning. */
export function EmailStatusBadge({ status }: EmailStatusBadgeProps) {
  const { t } = useTranslation(NAMESPACE);
  return <Badge status={COLOR[status]} text={t(`emailStatus.${status}`)} data-status={status} />;
}
