import { useState } from 'react';
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { Alert, Button, Flex, Image, List, Modal, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { twoFactorDisable, twoFactorEnable, twoFactorSetup } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { submitOnly } from '../../app/submitter';

/**
 * Set-up: POST /auth/2fa/setup (secret + QR), confirm with a code (POST /auth/2fa/enable), then the
 * one-time recovery codes. Turning off asks for the password (POST /auth/2fa/disable).
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useApiErrorModal();
  const [disableOpen, setDisableOpen] = useState(false);

  const setup = useMutation({ mutationFn: () => callApi(twoFactorSetup), onError: (error) => showError(error) });
  const enable = useMutation({
    mutationFn: (code: string) => callApi(twoFactorEnable, { body: { code } }),
    onSuccess: () => toast.success(t('shell:twoFactor.enabled')),
    onError: (error) => showError(error),
  });
  const disable = useMutation({
    mutationFn: (password: string) => callApi(twoFactorDisable, { body: { password } }),
    onSuccess: () => {
      setDisableOpen(false);
      toast.success(t('shell:twoFactor.disabled'));
    },
    onError: (error) => showError(error),
  });

  if (enable.data) {
    return (
      <Flex vertical gap={12} style={{ maxWidth: 480 }}>
        <Alert type="success" showIcon title={t('shell:profile.recoveryCodes')} description={t('shell:profile.recoveryCodesHint')} />
        <List
          bordered
          size="small"
          dataSource={enable.data.recoveryCodes}
          renderItem={(code) => (
            <List.Item>
              <Typography.Text code copyable>
                {code}
              </Typography.Text>
            </List.Item>
          )}
        />
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 480 }}>
      <Typography.Paragraph>{t('shell:twoFactor.intro')}</Typography.Paragraph>
      {setup.data ? (
        <Flex vertical gap={12}>
          <Typography.Text>{t('shell:profile.scanQr')}</Typography.Text>
          <Image src={setup.data.qrDataUrl} alt={t('shell:twoFactor.qrAlt')} width={200} preview={false} />
          <Typography.Text copyable={{ text: setup.data.secret }}>
            {t('shell:profile.secret', { secret: setup.data.secret })}
          </Typography.Text>
          <ProForm<{ code: string }>
            onFinish={async ({ code }) => {
              await enable.mutateAsync(code.trim()).catch(() => undefined);
              return true;
            }}
            submitter={submitOnly(t('common:actions.confirm'), enable.isPending, false)}
          >
            <ProFormText
              name="code"
              label={t('auth:fields.code')}
              fieldProps={{ inputMode: 'numeric', maxLength: 6, autoComplete: 'one-time-code' }}
              rules={[
                { required: true, message: t('auth:validation.codeRequired') },
                { pattern: /^\d{6}$/, message: t('auth:validation.codeInvalid') },
              ]}
            />
          </ProForm>
        </Flex>
      ) : (
        <Flex gap={8} wrap>
          <Button type="primary" loading={setup.isPending} onClick={() => setup.mutate()}>
            {t('shell:profile.enableTwoFactor')}
          </Button>
          <Button danger onClick={() => setDisableOpen(true)}>
            {t('shell:profile.disableTwoFactor')}
          </Button>
        </Flex>
      )}
      <Modal open={disableOpen} title={t('shell:profile.disableTwoFactor')} footer={null} onCancel={() => setDisableOpen(false)} destroyOnHidden>
        <ProForm<{ password: string }>
          autoFocusFirstInput={false}
          onFinish={async ({ password }) => {
            await disable.mutateAsync(password).catch(() => undefined);
            return true;
          }}
          submitter={submitOnly(t('shell:profile.disableTwoFactor'), disable.isPending)}
        >
          <ProFormText.Password
            name="password"
            label={t('auth:fields.password')}
            rules={[{ required: true, message: t('auth:validation.passwordRequired') }]}
          />
        </ProForm>
      </Modal>
    </Flex>
  );
}
