import { useState } from 'react';
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { Alert, Form, Segmented } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { twoFactorVerify } from '@leadforge/contracts';
import { callApi, isApiError } from '@leadforge/api-client';
import { useApiErrorModal } from '@leadforge/ui';
import { useCompleteSignIn } from '../../app/sign-in';
import { submitOnly } from '../../app/submitter';
import { AuthCard } from './auth-card';

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
      <ProForm<TwoFactorValues> form={form} onFinish={handleFinish} submitter={submitOnly(t('auth:twoFactor.submit'), mutation.isPending)}>
        <ProFormText
          name="code"
          label={kind === 'totp' ? t('auth:fields.code') : t('auth:fields.code')}
          fieldProps={{
            autoComplete: 'one-time-code',
            inputMode: kind === 'totp' ? 'numeric' : 'text',
            maxLength: kind === 'totp' ? 6 : 9,
            size: 'large',
          }}
          rules={[
            { required: true, message: t('auth:validation.codeRequired') },
            {
              pattern: kind === 'totp' ? TOTP_PATTERN : RECOVERY_PATTERN,
              message: kind === 'totp' ? t('auth:validation.codeInvalid') : t('auth:validation.codeInvalid'),
            },
          ]}
        />
      </ProForm>
    </AuthCard>
  );
}
