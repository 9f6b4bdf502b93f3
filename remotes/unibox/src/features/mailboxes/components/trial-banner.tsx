import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { formatDateTime } from '../../threads/utils/relative-time';
import { useTrialStatus } from '../api/get-trial-status';

/**
 * The unibox trial of document 1 §4, when there is one. Says nothing on a paid plan, and nothing
 * when the status cannot be read: the inbox itself works either way.
 */
export function TrialBanner() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const trial = useTrialStatus();
  const status = trial.data?.status;
  if (!status) return null;
  const endsAt = trial.data?.endsAt ? formatDateTime(trial.data.endsAt, i18n.language) : null;
  return (
    <Alert
      type={status === 'started' ? 'info' : 'warning'}
      showIcon
      title={status === 'started' && endsAt ? t('trial.startedUntil', { date: endsAt }) : t(`trial.${status}`)}
    />
  );
}
