import { useState, type ReactNode } from 'react';
import { Button, Card, Input, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { FINDER_LIMITS, type BulkJob, type BulkKind, type RowError as ServerRowError } from '@leadforge/contracts';
import { useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { Screen } from '../../../components/screen';
import { downloadBlob } from '../../../utils/csv';
import type { JobAction } from '../../../utils/job-phase';
import { ListTargetModal, type ListTarget } from '../../target-lists/components/list-target-modal';
import { downloadFinderBulk } from '../api/download-finder-bulk';
import { useGetFinderBulkJob } from '../api/get-finder-bulk-job';
import { useListFinderBulkJobs } from '../api/list-finder-bulk-jobs';
import { useRunFinderBulkAction } from '../api/run-finder-bulk-action';
import { useBulkJobsParams } from '../hooks/use-bulk-jobs-params';
import { useFinderBulkProgress } from '../hooks/use-finder-bulk-progress';
import { FinderBulkJobsTable } from './finder-bulk-jobs-table';
import { FinderBulkResults } from './finder-bulk-results';

export type StartBulk = (input: { name: string; target: ListTarget }) => Promise<{ job: BulkJob | null; rowErrors: ServerRowError[] }>;

export type FinderBulkPanelProps = {
  kind: BulkKind;
  pageKey: string;
  /** The rows input of this kind (names or domains) and its extra fields. */
  input: ReactNode;
  /** Number of rows ready to run (the start button needs at least one). */
  readyRows: number;
  starting: boolean;
  onStart: StartBulk;
};

/** The frame both bulk searches share: name, rows, target list, then the jobs and their results. */
export function FinderBulkPanel({ kind, pageKey, input, readyRows, starting, onStart }: FinderBulkPanelProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const [name, setName] = useState('');
  const [choosing, setChoosing] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerRowError[]>([]);
  const table = useBulkJobsParams();
  const jobs = useListFinderBulkJobs(kind, table.page);
  const listed = jobs.data?.items.find((job) => job.id === table.jobId);
  // A link to a job that is not on the page shown fetches that job alone.
  const linked = useGetFinderBulkJob(table.jobId, jobs.isSuccess && !listed);
  const selectedJob = listed ?? linked.data ?? null;
  const action = useRunFinderBulkAction();
  useFinderBulkProgress();

  const handleTarget = (target: ListTarget) => {
    const jobName = name.trim() || t('bulk.defaultName', { date: new Date().toLocaleString(i18n.language) });
    onStart({ name: jobName.slice(0, FINDER_LIMITS.nameMax), target }).then(
      (result) => {
        setChoosing(false);
        setServerErrors(result.rowErrors);
        if (result.job) table.openJob(result.job.id, { started: true });
      },
      (error: unknown) => showError(error),
    );
  };
  const handleAction = (job: BulkJob, next: JobAction) => action.mutate({ id: job.id, action: next }, { onError: (error) => showError(error) });
  const handleDownload = (job: BulkJob) =>
    downloadFinderBulk(job.id).then(
      (blob) => downloadBlob(`${kind}-search-${job.id}.csv`, blob),
      (error: unknown) => showError(error),
    );

  return (
    <Screen pageKey={pageKey}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Card title={t('finderBulk.newTitle')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Input aria-label={t('bulk.name')} placeholder={t('bulk.name')} maxLength={FINDER_LIMITS.nameMax} value={name} onChange={(event) => setName(event.target.value)} />
            {input}
            <Button type="primary" disabled={readyRows === 0} loading={starting} onClick={() => setChoosing(true)}>
              {t('finderBulk.start', { count: readyRows })}
            </Button>
            {serverErrors.length > 0 ? (
              <Table<ServerRowError>
                scroll={{ x: 'max-content' }}
                size="small"
                rowKey={(row) => `${row.row}-${row.field}`}
                pagination={false}
                caption={t('rows.errorsCaption')}
                dataSource={serverErrors}
                columns={[
                  { title: t('rows.line'), dataIndex: 'row', width: 80 },
                  { title: t('finderBulk.field'), dataIndex: 'field', render: (field: ServerRowError['field']) => t(`finderBulk.fields.${field}`) },
                  { title: t('rows.reason'), dataIndex: 'key', render: (key: ServerRowError['key']) => t(`errors:${key}.title`) },
                ]}
              />
            ) : null}
          </Space>
        </Card>
        <ListTargetModal open={choosing} saving={starting} onSubmit={handleTarget} onClose={() => setChoosing(false)} />
        <FinderBulkJobsTable
          kind={kind}
          jobs={jobs.data?.items ?? []}
          total={jobs.data?.total ?? 0}
          page={table.page}
          loading={jobs.isPending}
          error={jobs.isError ? jobs.error : undefined}
          selectedId={table.jobId ?? undefined}
          onRetry={() => void jobs.refetch()}
          onPageChange={table.setPage}
          onOpen={(job) => table.openJob(job.id)}
          onAction={handleAction}
          onDownload={handleDownload}
        />
        {selectedJob ? (
          <FinderBulkResults key={selectedJob.id} job={selectedJob} page={table.resultsPage} onPageChange={table.setResultsPage} />
        ) : null}
      </Space>
    </Screen>
  );
}
