import { Button } from 'antd';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import type { RecipientFilter } from '@leadforge/contracts';
import { useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useExportRecipients } from '../api/export-recipients';
import { downloadBlob } from '../utils/download';

export type ExportRecipientsButtonProps = {
  campaignId: number;
  title: string;
  /** The table's filter: only the recipients it matches are exported; all of them without one. */
  filter?: RecipientFilter;
};

/** Downloads the recipients with their figures as CSV (the server streams it). */
export function ExportRecipientsButton({ campaignId, title, filter = {} }: ExportRecipientsButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const exporter = useExportRecipients();
  const handleExport = () =>
    exporter.mutate(
      { campaignId, filter },
      {
        onSuccess: (blob) => downloadBlob(`${title.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80) || 'campaign'}-${campaignId}-recipients.csv`, blob),
        onError: (error) => showError(error),
      },
    );
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={exporter.isPending} onClick={handleExport} data-testid="export-recipients">
      {t('campaignPage.export.button')}
    </Button>
  );
}
