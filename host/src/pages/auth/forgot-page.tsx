import { Result } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { forgotPassword } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { useApiErrorModal } from '@leadforge/ui';
import { AuthCard } from './auth-card';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';

type ForgotValues = { email: string };

export function ForgotPage() {
  const { t } = useTranslation();
  const showError = useApiErrorModal();
  const mutation = useMutation({
    mutationFn: (values: ForgotValues) => callApi(forgotPassword, { body: values }),
    onError: (error) => showError(error),
  });

  const handleFinish = async (values: ForgotValues) => {
    await mutation.mutateAsync(values).catch(() => undefined);
    return true;
  };

  return (
    <AuthCard
      title={t('auth:forgot.title')}
      subtitle={mutation.isSuccess ? undefined : t('auth:forgot.description')}
      footer={<Link to="/login">{t('auth:forgot.backToLogin')}</Link>}
    >
      {mutation.isSuccess ? (
        // The API answers the same whether or not the address exists; so does this text.
        <Result
          status="success"
          title={t('auth:forgot.sentTitle')}
          subTitle={t('auth:forgot.sentDescription', { email: mutation.variables?.email })}
        />
      ) : (
        <AuthForm<ForgotValues> onFinish={handleFinish} submitLabel={t('auth:forgot.submit')} loading={mutation.isPending}>
          <EmailField />
        </AuthForm>
      )}
    </AuthCard>
  );
}
