import { useState } from 'react';
import { Card, Space } from 'antd';
import type { EmailVerificationDetail } from '@leadforge/contracts';
import { ErrorState, LoadingState, useApiErrorModal } from '@leadforge/ui';
import { Screen } from '../components/screen';
import { useTableParams } from '@leadforge/ui';
import { pageParam, readPage } from '@leadforge/ui';
import { useGetLastSingleVerified } from '../features/single-verification/api/get-last-single-verified';
import { useGetLastVerified } from '../features/single-verification/api/get-last-verified';
import { useVerifyOne } from '../features/single-verification/api/verify-one';
import { AddToListButton } from '../features/single-verification/components/add-to-list-button';
import { LastVerifiedTable } from '../features/single-verification/components/last-verified-table';
import { VerificationResultCard } from '../features/single-verification/components/verification-result-card';
import { VerifyEmailForm } from '../features/single-verification/components/verify-email-form';
import { useResolvedVerification } from '../features/single-verification/hooks/use-resolved-verification';

/** /verify/individual-emails: one address checked now, the last check, and the history (its `page` in the URL). */
export function SingleVerificationPage() {
  const showError = useApiErrorModal();
  const [params, update] = useTableParams();
  const page = readPage(params, 'page');
  const verify = useVerifyOne();
  const last = useGetLastSingleVerified();
  const history = useGetLastVerified(page);
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
          onPageChange={(next) => update({ page: pageParam(next) })}
        />
      </Space>
    </Screen>
  );
}
