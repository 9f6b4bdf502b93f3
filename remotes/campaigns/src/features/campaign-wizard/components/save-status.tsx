import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';

export type SaveStatusProps = { saving: boolean; failed: boolean };

/** Says whether the step's last change reached the server. */
export function SaveStatus({ saving, failed }: SaveStatusProps) {
  const { t } = useTranslation(NAMESPACE);
  if (failed)
    return (
      <Typography.Text type="danger" data-testid="save-status" data-state="failed">
        {t('wizard.saveFailed')}
      </Typography.Text>
    );
  return (
    <Typography.Text type="secondary" data-testid="save-status" data-state={saving ? 'saving' : 'saved'}>
      {saving ? t('wizard.saving') : t('wizard.saved')}
    </Typography.Text>
  );
}
