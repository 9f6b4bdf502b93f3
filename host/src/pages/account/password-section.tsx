import { ProForm, ProFormText } from '@ant-design/pro-components';
import { Form } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUTH_LIMITS, changePassword } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { applyFieldErrors } from '../../app/form-errors';
import { submitOnly } from '../../app/submitter';

type PasswordValues = { currentPassword: string; newPassword: string; confirm: string };

export function PasswordSection() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const toast = useToast();
  const showError = useApiErrorModal();
  const mutation = useMutation({
    mutationFn: ({ currentPassword, newPassword }: PasswordValues) =>
      callApi(changePassword, { body: { currentPassword, newPassword } }),
    onSuccess: () => {
      form.resetFields();
      toast.success(t('shell:profile.passwordChanged'));
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error, ['currentPassword', 'newPassword'])) showError(error);
    },
  });
  const handleFinish = async (values: PasswordValues) => {
    await mutation.mutateAsync(values).catch(() => undefined);
    return true;
  };
  return (
    <ProForm<PasswordValues>
      form={form}
      onFinish={handleFinish}
      submitter={submitOnly(t('shell:profile.changePassword'), mutation.isPending, false)}
      style={{ maxWidth: 480 }}
    >
      <ProFormText.Password
        name="currentPassword"
        label={t('shell:profile.currentPassword')}
        fieldProps={{ autoComplete: 'current-password' }}
        rules={[{ required: true, message: t('auth:validation.passwordRequired') }]}
      />
      <ProFormText.Password
        name="newPassword"
        label={t('auth:fields.newPassword')}
        fieldProps={{ autoComplete: 'new-password', maxLength: AUTH_LIMITS.passwordMax }}
        rules={[
          { required: true, message: t('auth:validation.passwordRequired') },
          { min: AUTH_LIMITS.passwordMin, message: t('auth:validation.passwordTooShort', { min: AUTH_LIMITS.passwordMin }) },
        ]}
      />
      <ProFormText.Password
        name="confirm"
        label={t('auth:fields.confirmPassword')}
        dependencies={['newPassword']}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[
          { required: true, message: t('auth:validation.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              !value || getFieldValue('newPassword') === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('auth:validation.passwordsDiffer'))),
          }),
        ]}
      />
    </ProForm>
  );
}
