import { ProForm, ProFormText } from '@ant-design/pro-components';
import { Form } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePassword } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { applyFieldErrors } from '../../app/form-errors';
import { submitOnly } from '../../app/submitter';
import { NewPasswordFields } from '../auth/new-password-fields';

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
      autoFocusFirstInput={false}
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
      <NewPasswordFields name="newPassword" />
    </ProForm>
  );
}
