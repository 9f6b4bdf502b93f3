import { useEffect, useState } from 'react';
import { Button, Flex, Steps, Typography, Upload } from 'antd';
import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DuplicatePolicy } from '@leadforge/contracts';
import { usePushEvent } from '@leadforge/api-client';
import { ErrorState, LoadingState, useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { prospectsKeys } from '../../../query-keys';
import { useFieldGroups } from '../../custom-fields/api/get-field-groups';
import { useCheckUpload } from '../api/check-upload';
import { useStartImport } from '../api/start-import';
import { useUploadCsv } from '../api/upload-csv';
import type { ImportMapping } from '../utils/csv-mapping';
import { ImportReport } from './import-report';
import { MappingStep, isMappingReady } from './mapping-step';

export type ImportWizardProps = { listId: number; onFinished: () => void };

type Step = 'upload' | 'mapping' | 'progress';
const STEPS: Step[] = ['upload', 'mapping', 'progress'];

/**
 * CSV import into a list: upload → column mapping with a preview and the duplicate policy →
 * progress pushed over the socket (`prospect.imported`) → the report of rejected rows.
 */
export function ImportWizard({ listId, onFinished }: ImportWizardProps) {
  const { t } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('upload');
  const [importId, setImportId] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [policy, setPolicy] = useState<DuplicatePolicy>('skip');
  const [pushed, setPushed] = useState<{ processed: number; total: number } | null>(null);
  const upload = useUploadCsv();
  const start = useStartImport();
  const status = useCheckUpload(importId);
  const groups = useFieldGroups();
  const customFields = [...(groups.data?.groups.flatMap((group) => group.fields) ?? []), ...(groups.data?.ungrouped ?? [])];

  // The server's suggested mapping is the starting point of the mapping step.
  useEffect(() => {
    if (status.data && step === 'mapping' && Object.keys(mapping).length === 0) setMapping(status.data.suggestedMapping as ImportMapping);
  }, [status.data, step, mapping]);

  usePushEvent('prospect.imported', (event) => {
    if (event.payload.importId !== importId) return;
    setPushed({ processed: event.payload.processed, total: event.payload.total });
    if (event.payload.done) {
      void queryClient.invalidateQueries({ queryKey: prospectsKeys.importStatus(importId!) });
      onFinished();
    }
  });

  const handleFile = (file: File) => {
    upload.mutate(
      { listId, file },
      {
        onSuccess: (id) => {
          setImportId(id);
          setMapping({});
          setStep('mapping');
        },
        onError: (error) => showError(error),
      },
    );
    // antd must not upload by itself: the file goes in chunks through the typed client.
    return false;
  };

  const handleStart = () => {
    if (!importId) return;
    start.mutate({ params: { importId }, body: { mapping, duplicatePolicy: policy } }, { onSuccess: () => setStep('progress'), onError: (error) => showError(error) });
  };

  const body = (() => {
    if (step === 'upload') {
      return (
        <Upload.Dragger accept=".csv,text/csv" multiple={false} showUploadList={false} beforeUpload={handleFile} disabled={upload.isPending}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{upload.isPending ? t('import.uploading') : t('import.drop')}</p>
        </Upload.Dragger>
      );
    }
    if (status.isPending) return <LoadingState />;
    if (status.isError) return <ErrorState error={status.error} onRetry={() => void status.refetch()} />;
    if (step === 'mapping') {
      return (
        <Flex vertical gap={16}>
          <Typography.Text>{t('import.rows', { count: status.data.totalRows })}</Typography.Text>
          <MappingStep
            headers={status.data.headers}
            preview={status.data.preview}
            mapping={mapping}
            customFields={customFields}
            policy={policy}
            onMappingChange={setMapping}
            onPolicyChange={setPolicy}
          />
          <div>
            <Button type="primary" disabled={!isMappingReady(mapping)} loading={start.isPending} onClick={handleStart}>
              {t('import.start')}
            </Button>
          </div>
        </Flex>
      );
    }
    const data = status.data;
    const done = data.status === 'completed' || data.status === 'failed';
    return (
      <ImportReport
        status={done ? data.status : 'running'}
        total={pushed?.total ?? data.totalRows}
        processed={done ? data.totalRows : (pushed?.processed ?? data.processed)}
        imported={data.imported}
        updated={data.updated}
        skipped={data.skipped}
        rejectedCount={data.rejectedCount}
        rejected={data.rejected}
      />
    );
  })();

  return (
    <Flex vertical gap={24}>
      <Steps current={STEPS.indexOf(step)} items={STEPS.map((key) => ({ title: t(`import.steps.${key}`) }))} />
      {body}
    </Flex>
  );
}
