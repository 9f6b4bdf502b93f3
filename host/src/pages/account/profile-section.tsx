import { ProForm, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUTH_LIMITS, updateProfile, type RouteBody } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { submitOnly } from '../../app/submitter';
import { applyFreshUserInfo, userInfoQueryOptions } from '../../app/session-bridge';

type ProfileValues = RouteBody<typeof updateProfile>;

export function ProfileSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useApiErrorModal();
  const queryClient = useQueryClient();
  const { data: userInfo } = useQuery(userInfoQueryOptions);
  const mutation = useMutation({
    mutationFn: (body: ProfileValues) => callApi(updateProfile, { body }),
    onSuccess: (next) => {
      void applyFreshUserInfo(queryClient, next);
      toast.success(t('shell:profile.saved'));
    },
    onError: (error) => showError(error),
  });
  if (!userInfo) return <LoadingState />;

  const handleFinish = async (values: ProfileValues) => {
    await mutation.mutateAsync(values).catch(() => undefined);
    return true;
  };

  return (
    <ProForm<ProfileValues>
      autoFocusFirstInput={false}
      initialValues={{ name: userInfo.name ?? '', allowKeepUpdate: userInfo.allowKeepUpdate }}
      onFinish={handleFinish}
      submitter={submitOnly(t('common:actions.save'), mutation.isPending, false)}
      style={{ maxWidth: 480 }}
    >
      <ProFormText label={t('auth:fields.email')} fieldProps={{ value: userInfo.email ?? '', disabled: true }} />
      <ProFormText
        name="name"
        label={t('auth:fields.name')}
        fieldProps={{ maxLength: AUTH_LIMITS.nameMax }}
        rules={[{ required: true, whitespace: true, message: t('auth:validation.nameRequired') }]}
      />
      <ProFormSwitch name="allowKeepUpdate" label={t('shell:profile.keepUpdated')} />
    </ProForm>
  );
}
