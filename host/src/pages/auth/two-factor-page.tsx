import { useState } from 'react';
import { Alert, Form, Input, Segmented } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { twoFactorVerify } from '@leadforge/contracts';
import { callApi, isApiError } from '@leadforge/api-client';
import { useApiErrorModal } from '@leadforge/ui';
import { useCompleteSignIn } from '../../app/sign-in';
import { AuthCard } from './auth-card';
import { AuthForm } from './auth-form';

type CodeKind = 'totp' | 'recovery';
type TwoFactorValues = { code: string };

const TOTP_PATTERN = /^\d{6}$/;
const RECOVERY_PATTERN = /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/;

export function TwoFactorPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<TwoFactorValues>();
  const [kind, setKind] = useState<CodeKind>('totp');
  const [failure, setFailure] = useState<string | null>(null);
  const showError = useApiErrorModal();
  const completeSignIn = useCompleteSignIn();

  const mutation = useMutation({
    mutationFn: (code: string) => callApi(twoFactorVerify, { body: { code } }),
    onSuccess: (userInfo) => completeSignIn(userInfo),
    onError: (error) => {
      if (isApiError(error) && error.errors.some((item) => item.key.startsWith('two_factor') || item.key === 'rate_limited')) {
        setFailure(error.errors[0]?.description ?? t('errors:two_factor_invalid_code.description'));
        return;
      }
      showError(error);
    },
  });

  const handleKindChange = (next: CodeKind) => {
    setKind(next);
    setFailure(null);
    form.resetFields();
  };

  const handleFinish = async ({ code }: TwoFactorValues) => {
    setFailure(null);
    await mutation.mutateAsync(code.trim()).catch(() => undefined);
    return true;
  };

  return (
    <AuthCard
      title={t('auth:twoFactor.title')}
      subtitle={t('auth:twoFactor.description')}
      footer={<Link to="/logout">{t('auth:twoFactor.useAnotherAccount')}</Link>}
    >
      <Segmented<CodeKind>
        block
        value={kind}
        onChange={handleKindChange}
        options={[
          { value: 'totp', label: t('auth:twoFactor.useApp') },
          { value: 'recovery', label: t('auth:twoFactor.useRecovery') },
        ]}
        style={{ marginBottom: 16 }}
      />
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <AuthForm<TwoFactorValues>
        form={form}
        onFinish={handleFinish}
        submitLabel={t('auth:twoFactor.submit')}
        loading={mutation.isPending}
      >
        <Form.Item
          name="code"
          label={t('auth:fields.code')}
          rules={[
            { required: true, message: t('auth:validation.codeRequired') },
            {
              pattern: kind === 'totp' ? TOTP_PATTERN : RECOVERY_PATTERN,
              message: t('auth:validation.codeInvalid'),
            },
          ]}
        >
          <Input
            autoComplete="one-time-code"
            inputMode={kind === 'totp' ? 'numeric' : 'text'}
            maxLength={kind === 'totp' ? 6 : 9}
            size="large"
          />
        </Form.Item>
      </AuthForm>
    </AuthCard>
  );
}
