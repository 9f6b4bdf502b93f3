import { Alert, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AUTH_LIMITS, FREE_TRIAL_DAYS, register, toApiLocale, type RouteBody } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { useLocale } from '@leadforge/i18n';
import { useApiErrorModal } from '@leadforge/ui';
import { applyFieldErrors } from '../../app/form-errors';
import { useCompleteSignIn } from '../../app/sign-in';
import { clearStoredTeamCode, readStoredTeamCode } from '../../app/session-bridge';
import { AuthCard } from './auth-card';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';
import { NewPasswordField } from './new-password-fields';

type RegisterValues = { name: string; email: string; password: string; teamCode?: string };

const FIELDS = ['name', 'email', 'password', 'teamCode'] as const;

export function RegisterPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<RegisterValues>();
  const [searchParams] = useSearchParams();
  const showError = useApiErrorModal();
  const completeSignIn = useCompleteSignIn();
  const storedTeamCode = readStoredTeamCode();
  const fromGoogle = searchParams.get('from') === 'google';

  const mutation = useMutation({
    mutationFn: (body: RouteBody<typeof register>) => callApi(register, { body }),
    onSuccess: (userInfo) => {
      // The code went with the registration; offering it again after sign-in would be noise.
      clearStoredTeamCode();
      completeSignIn(userInfo);
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error, FIELDS)) showError(error);
    },
  });

  const handleFinish = async (values: RegisterValues) => {
    const teamCode = values.teamCode?.trim();
    await mutation
      .mutateAsync({
        name: values.name,
        email: values.email,
        password: values.password,
        ...(teamCode ? { teamCode } : {}),
        locale: toApiLocale(locale),
      })
      .catch(() => undefined);
    return true;
  };

  return (
    <AuthCard
      title={t('auth:register.title')}
      subtitle={t('auth:register.subtitle', { days: FREE_TRIAL_DAYS })}
      footer={
        <span>
          {t('auth:register.haveAccount')} <Link to="/login">{t('auth:register.toLogin')}</Link>
        </span>
      }
    >
      {fromGoogle ? <Alert type="info" showIcon title={t('auth:register.complete')} style={{ marginBottom: 16 }} /> : null}
      <AuthForm<RegisterValues>
        form={form}
        initialValues={{ teamCode: storedTeamCode ?? undefined }}
        onFinish={handleFinish}
        submitLabel={t('auth:register.submit')}
        loading={mutation.isPending}
      >
        <Form.Item
          name="name"
          label={t('auth:fields.name')}
          rules={[{ required: true, whitespace: true, message: t('auth:validation.nameRequired') }]}
        >
          <Input autoComplete="name" maxLength={AUTH_LIMITS.nameMax} />
        </Form.Item>
        <EmailField />
        <NewPasswordField name="password" label={t('auth:fields.password')} />
        {storedTeamCode ? (
          <Form.Item name="teamCode" label={t('auth:fields.teamCode')} tooltip={t('auth:register.joiningTeam')}>
            <Input maxLength={64} />
          </Form.Item>
        ) : null}
      </AuthForm>
    </AuthCard>
  );
}
