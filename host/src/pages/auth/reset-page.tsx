import { Button, Form, Result } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { resetPassword } from '@leadforge/contracts';
import { callApi, isApiError } from '@leadforge/api-client';
import { ErrorState, useApiErrorModal } from '@leadforge/ui';
import { applyFieldErrors } from '../../app/form-errors';
import { AuthCard } from './auth-card';
import { AuthForm } from './auth-form';
import { NewPasswordFields } from './new-password-fields';

type ResetValues = { password: string; confirm: string };

/** /forgot/reset goes to /forgot, unless the mailed link brought a `?token=`. */
export function ResetPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  if (!token) return <Navigate to="/forgot" replace />;
  return <ResetForm token={token} />;
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetValues>();
  const showError = useApiErrorModal();
  const mutation = useMutation({
    mutationFn: (password: string) => callApi(resetPassword, { body: { token, password } }),
    onError: (error) => {
      if (isApiError(error) && (error.hasKey('reset_token_invalid') || error.hasKey('reset_token_expired'))) return;
      if (!applyFieldErrors(form, error, ['password'])) showError(error);
    },
  });
  const tokenRejected =
    isApiError(mutation.error) && (mutation.error.hasKey('reset_token_invalid') || mutation.error.hasKey('reset_token_expired'));

  const handleFinish = async ({ password }: ResetValues) => {
    await mutation.mutateAsync(password).catch(() => undefined);
    return true;
  };

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('auth:reset.title')}>
        <Result
          status="success"
          title={t('auth:reset.doneTitle')}
          subTitle={t('auth:reset.doneDescription')}
          extra={
            <Link to="/login">
              <Button type="primary">{t('auth:login.submit')}</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  }
  if (tokenRejected) {
    return (
      <AuthCard title={t('auth:reset.title')}>
        <ErrorState
          error={mutation.error}
          extra={
            <Link to="/forgot">
              <Button>{t('auth:reset.requestNew')}</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth:reset.title')} subtitle={t('auth:reset.description')}>
      <AuthForm<ResetValues>
        form={form}
        onFinish={handleFinish}
        submitLabel={t('auth:reset.submit')}
        loading={mutation.isPending}
      >
        <NewPasswordFields name="password" />
      </AuthForm>
    </AuthCard>
  );
}
