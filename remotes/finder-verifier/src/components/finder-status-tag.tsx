import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FinderResultStatus } from '@leadforge/contracts';
import { NAMESPACE } from '../i18n';

const COLOR: Record<FinderResultStatus, string> = {
  valid: 'success',
  unverifiable: 'warning',
  not_found: 'default',
  unknown: 'default',
  greylist: 'processing',
  invalid: 'error',
};

export type FinderStatusTagProps = { status: FinderResultStatus };

/** The outcome of a finder search (a found, guessed or missing address). */
export function FinderStatusTag({ status }: FinderStatusTagProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Tag color={COLOR[status]} data-status={status}>
      {t(`finderStatus.${status}`)}
    </Tag>
  );
}
