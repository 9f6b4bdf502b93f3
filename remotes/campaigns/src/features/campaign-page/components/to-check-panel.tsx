import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useForceStartToCheckRecipients } from '../api/force-start-to-check-recipients';
import { useStartToCheckRecipients } from '../api/start-to-check-recipients';

export type ToCheckPanelProps = { campaignId: number; count: number; editable: boolean };

/**
 * Recipients whose addresses need checking wait as `tocheck`: verify and start the valid ones,
 * or start them all without verifying (the user takes the bounce risk).
 */
export function ToCheckPanel({ campaignId, count, editable }: ToCheckPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const start = useStartToCheckRecipients();
  const force = useForceStartToCheckRecipients();
  if (count === 0) return null;

  const handlers = {
    onSuccess: (result: { started: number; invalid: number; pending: number }) => toast.success(t('campaignPage.toCheck.done', result)),
    onError: (error: Error) => showError(error),
  };
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="to-check-panel"
      title={t('campaignPage.toCheck.title', { count })}
      description={t('campaignPage.toCheck.help')}
      action={
        editable ? (
          <Space orientation="vertical">
            <Button size="small" type="primary" loading={start.isPending} onClick={() => start.mutate({ body: { campaignId } }, handlers)}>
              {t('campaignPage.toCheck.start')}
            </Button>
            <Button size="small" danger loading={force.isPending} onClick={() => force.mutate({ body: { campaignId } }, handlers)}>
              {t('campaignPage.toCheck.forceStart')}
            </Button>
          </Space>
        ) : undefined
      }
    />
  );
}
