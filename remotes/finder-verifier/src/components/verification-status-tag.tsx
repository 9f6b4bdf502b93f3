import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EmailVerificationStatus } from '@leadforge/contracts';
import { NAMESPACE } from '../i18n';

/** antd tag colours per status: green deliverable, red not, orange risky, blue still working. */
const STATUS_COLOR: Record<EmailVerificationStatus, string> = {
  valid: 'success',
  not_valid: 'error',
  catch_all: 'warning',
  unknown: 'default',
  greylist: 'processing',
  in_progress: 'processing',
  not_verified: 'default',
};

export type VerificationStatusTagProps = { status: EmailVerificationStatus };

export function VerificationStatusTag({ status }: VerificationStatusTagProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Tag color={STATUS_COLOR[status]} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
