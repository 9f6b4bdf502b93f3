import { useState } from 'react';
import GoogleOutlined from '@ant-design/icons/es/icons/GoogleOutlined';
import { Alert, Button, Divider, Flex, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { googleStart, login } from '@leadforge/contracts';
import { callApi, isApiError, routeUrl } from '@leadforge/api-client';
import { useApiErrorModal } from '@leadforge/ui';
import { useCompleteSignIn } from '../../app/sign-in';
import { AuthCard } from './auth-card';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';

type LoginValues = { email: string; password: string };

export function LoginPage() {
  const { t } = useTranslation();
  const showError = useApiErrorModal();
  const completeSignIn = useCompleteSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (values: LoginValues) => callApi(login, { body: values }),
    onSuccess: (userInfo) => completeSignIn(userInfo),
    onError: (error) => {
      // Wrong credentials and rate limits are expected answers: said beside the form.
      if (isApiError(error) && (error.hasKey('invalid_credentials') || error.hasKey('rate_limited'))) {
        setFailure(error.errors[0]?.description ?? t('errors:invalid_credentials.description'));
        return;
      }
      showError(error);
    },
  });

  const handleFinish = async (values: LoginValues) => {
    setFailure(null);
    await mutation.mutateAsync(values).catch(() => undefined);
    return true;
  };

  return (
    <AuthCard
      title={t('auth:login.title')}
      subtitle={t('auth:login.subtitle')}
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Link to="/forgot">{t('auth:login.forgot')}</Link>
          <span>
            {t('auth:login.noAccount')} <Link to="/register">{t('auth:login.toRegister')}</Link>
          </span>
        </Flex>
      }
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <AuthForm<LoginValues> onFinish={handleFinish} submitLabel={t('auth:login.submit')} loading={mutation.isPending}>
        <EmailField size="large" />
        <Form.Item
          name="password"
          label={t('auth:fields.password')}
          rules={[{ required: true, message: t('auth:validation.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
      </AuthForm>
      <Divider plain>{t('auth:login.or')}</Divider>
      {/* A full navigation: the API answers with the redirect to Google (or google_login_unavailable). */}
      <Button block size="large" icon={<GoogleOutlined />} href={routeUrl(googleStart)}>
        {t('auth:login.withGoogle')}
      </Button>
    </AuthCard>
  );
}
