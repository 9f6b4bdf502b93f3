import { useState } from 'react';
import { Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EmailVerificationDetail } from '@leadforge/contracts';
import { ErrorState, LoadingState, useApiErrorModal } from '@leadforge/ui';
import { useSearchFormLayout } from '../../../components/use-search-form-layout';
import { NAMESPACE } from '../../../i18n';
import { Screen } from '../../../components/screen';
import { useVerifyOne } from '../api/verify-one';
import { useLastVerified } from '../api/last-verified';
import { useLastSingleVerified } from '../api/last-single-verified';
import { useResolvedVerification } from '../hooks/use-resolved-verification';
import { VerificationResultCard } from './verification-result-card';
import { LastVerifiedTable } from './last-verified-table';
import { AddToListButton } from './add-to-list-button';

const EMAIL_MAX = 254;

export type VerifyEmailFormProps = { submitting: boolean; onVerify: (email: string) => void };

export function VerifyEmailForm({ submitting, onVerify }: VerifyEmailFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const form = useSearchFormLayout();
  return (
    <Form<{ email: string }> layout={form.layout} onFinish={({ email }) => onVerify(email.trim())}>
      <Form.Item name="email" label={t('verify.emailLabel')} rules={[{ required: true, whitespace: true, message: t('verify.emailRequired') }]}>
        <Input maxLength={EMAIL_MAX} style={form.field(320)} placeholder="name@company.com" autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('verify.submit')}
      </Button>
    </Form>
  );
}

/** /verify/individual-emails: one address checked now, the last check, and the history. */
export function SingleVerificationPage() {
  const showError = useApiErrorModal();
  const verify = useVerifyOne();
  const last = useLastSingleVerified();
  const [page, setPage] = useState(1);
  const history = useLastVerified(page);
  const [checked, setChecked] = useState<EmailVerificationDetail | null>(null);
  const current = useResolvedVerification(checked ?? last.data?.item ?? null);

  const handleVerify = (email: string) =>
    verify.mutate({ body: { email } }, { onSuccess: (result) => setChecked(result), onError: (error) => showError(error) });

  return (
    <Screen pageKey="singleVerification">
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Card>
          <VerifyEmailForm submitting={verify.isPending} onVerify={handleVerify} />
        </Card>
        {last.isPending && !checked ? <LoadingState /> : null}
        {last.isError && !checked ? <ErrorState error={last.error} onRetry={() => void last.refetch()} /> : null}
        {current ? <VerificationResultCard result={current} actions={<AddToListButton ids={[current.id]} />} /> : null}
        <LastVerifiedTable
          items={history.data?.items ?? []}
          total={history.data?.total ?? 0}
          page={page}
          loading={history.isFetching}
          error={history.isError ? history.error : undefined}
          onRetry={() => void history.refetch()}
          onPageChange={setPage}
        />
      </Space>
    </Screen>
  );
}
