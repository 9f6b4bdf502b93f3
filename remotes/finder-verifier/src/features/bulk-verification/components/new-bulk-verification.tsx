import { useState } from 'react';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BULK_VERIFICATION_MAX_EMAILS } from '@leadforge/contracts';
import { ErrorState, LoadingState, useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { RowErrorsTable, RowsInput } from '../../../components/rows-input';
import { parseEmailRows, type ParsedRows, type RowError } from '../../../utils/csv';
import { useCalculateEmailsForVerify } from '../api/calculate-emails-for-verify';
import { useCheckBalance } from '../api/check-balance';
import { useCreateBulkVerification } from '../api/create-bulk-verification';
import { costFigures } from '../utils/cost-figures';
import { CostSummary } from './cost-summary';

const NAME_MAX = 255;

export type NewBulkVerificationProps = { onStarted: (jobId: number) => void };

/** Paste or upload addresses, see the cost, start the job. */
export function NewBulkVerification({ onStarted }: NewBulkVerificationProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const [name, setName] = useState('');
  const [parsed, setParsed] = useState<ParsedRows<string>>({ rows: [], errors: [] });
  const [version, setVersion] = useState(0);
  const [rejected, setRejected] = useState<RowError[]>([]);
  const emails = parsed.rows.slice(0, BULK_VERIFICATION_MAX_EMAILS);
  const cost = useCalculateEmailsForVerify(emails, version);
  const balance = useCheckBalance(cost.data?.toVerify);
  const create = useCreateBulkVerification();

  const handleRows = (next: ParsedRows<string>) => {
    setParsed(next);
    setVersion((value) => value + 1);
    setRejected([]);
  };
  const handleStart = () => {
    const jobName = name.trim() || t('bulk.defaultName', { date: new Date().toLocaleString(i18n.language) });
    create.mutate(
      { body: { name: jobName.slice(0, NAME_MAX), emails } },
      {
        onSuccess: (data) => {
          setRejected(data.rejectedRows.map((row) => ({ line: row.row, value: row.value, reason: row.reason === 'syntax' ? 'invalid_email' : 'duplicate' })));
          onStarted(data.job.id);
        },
        onError: (error) => showError(error),
      },
    );
  };
  const enough = (balance.data?.enough ?? cost.data?.enough) === true;

  return (
    <Card title={t('bulk.newTitle')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input
          aria-label={t('bulk.name')}
          placeholder={t('bulk.name')}
          maxLength={NAME_MAX}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <RowsInput parse={parseEmailRows} onChange={handleRows} hint={t('bulk.hint', { max: BULK_VERIFICATION_MAX_EMAILS })} placeholder={'anna@acme.com\nbob@example.org'} />
        {parsed.rows.length > BULK_VERIFICATION_MAX_EMAILS ? (
          <Typography.Text type="warning">{t('bulk.tooMany', { max: BULK_VERIFICATION_MAX_EMAILS })}</Typography.Text>
        ) : null}
        {cost.isFetching ? <LoadingState label={t('bulk.cost.calculating')} /> : null}
        {cost.isError ? <ErrorState error={cost.error} onRetry={() => void cost.refetch()} /> : null}
        {cost.data && !cost.isFetching ? (
          <CostSummary {...costFigures(cost.data, parsed, emails.length)} balance={balance.data?.balance ?? cost.data.balance} enough={enough} />
        ) : null}
        <Button type="primary" onClick={handleStart} loading={create.isPending} disabled={!cost.data || cost.isFetching || !enough || emails.length === 0}>
          {t('bulk.start')}
        </Button>
        {rejected.length > 0 ? <RowErrorsTable errors={rejected} /> : null}
      </Space>
    </Card>
  );
}
