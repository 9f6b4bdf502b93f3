import { useState } from 'react';
import { Alert, Button, Flex, Form } from 'antd';
import { ProForm, ProFormCheckbox, ProFormDependency, ProFormDigit, ProFormGroup, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@leadforge/api-client';
import { MAIL_SECURITY_MODES, type ErrorKey, type MailServerKind } from '@leadforge/contracts';
import { useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { formFieldOf, hidesField, presetOf, type ConnectionFormValues, type ServerChoice } from '../utils/connection-form';

export type MailboxConnectionFormProps = {
  choice: ServerChoice;
  /** `reconnect`: the address is fixed and only the servers and passwords change. */
  mode: 'create' | 'reconnect';
  initialValues: ConnectionFormValues;
  testing: boolean;
  saving: boolean;
  /** Any edit makes an earlier test result stale. */
  onEdited: () => void;
  onTest: (values: ConnectionFormValues) => void;
  /** Saves; rejects with the API's error, whose failing field the form marks. */
  onSave: (values: ConnectionFormValues) => Promise<unknown>;
};

/**
 * Step 2: the address and both servers (prefilled from the preset), the provider's app-password
 * help, "Test connection" and Save. A refusal of the save names the step that failed and marks
 * the field it points at (the IMAP sign-in fields are shown when it is theirs).
 */
export function MailboxConnectionForm({ choice, mode, initialValues, testing, saving, onEdited, onTest, onSave }: MailboxConnectionFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const [form] = Form.useForm<ConnectionFormValues>();
  const [refusal, setRefusal] = useState<ErrorKey | null>(null);
  const preset = presetOf(choice);
  const required = { required: true, whitespace: true, message: t('setup.form.required') };

  const handleTest = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) onTest({ ...initialValues, ...values });
  };

  const handleFinish = async (values: ConnectionFormValues) => {
    setRefusal(null);
    try {
      await onSave({ ...initialValues, ...values });
    } catch (error) {
      if (!isApiError(error) || error.errors.length === 0) {
        showError(error);
        return false;
      }
      setRefusal(error.key);
      const fields = Object.entries(error.fieldErrors());
      if (fields.some(([field]) => hidesField(form.getFieldsValue(['sameCredentials']), field))) form.setFieldValue('sameCredentials', false);
      // The hidden IMAP fields mount with the switch; mark them on the next frame.
      const marks = fields.map(([field, items]) => ({ name: formFieldOf(field), errors: items.map((item) => t(`errors:${item.key}.title`)) }));
      requestAnimationFrame(() => form.setFields(marks as Parameters<typeof form.setFields>[0]));
    }
    return false;
  };

  const serverFields = (kind: MailServerKind) => (
    <ProFormGroup title={t(`setup.servers.${kind}`)} key={kind}>
      <ProFormText name={[kind, 'host']} label={t(`setup.form.${kind}Host`)} width="md" rules={[required]} fieldProps={{ autoComplete: 'off', spellCheck: false }} />
      <ProFormDigit name={[kind, 'port']} label={t(`setup.form.${kind}Port`)} width="xs" min={1} max={65_535} fieldProps={{ precision: 0 }} rules={[{ required: true, message: t('setup.form.required') }]} />
      <ProFormSelect
        name={[kind, 'security']}
        label={t(`setup.form.${kind}Security`)}
        width="md"
        allowClear={false}
        options={MAIL_SECURITY_MODES.map((mode) => ({ value: mode, label: t(`setup.security.${mode}`) }))}
      />
    </ProFormGroup>
  );

  return (
    <ProForm<ConnectionFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      omitNil={false}
      autoFocusFirstInput={false}
      onValuesChange={() => {
        setRefusal(null);
        onEdited();
      }}
      onFinish={handleFinish}
      submitter={{
        render: () => (
          <Flex gap={8} wrap>
            <Button onClick={() => void handleTest()} loading={testing} disabled={saving}>
              {t('setup.form.test')}
            </Button>
            <Button type="primary" htmlType="submit" loading={saving} disabled={testing}>
              {t(mode === 'create' ? 'setup.form.connect' : 'setup.form.reconnect')}
            </Button>
          </Flex>
        ),
      }}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={preset ? preset.name : t('setup.password.custom')}
        description={t(preset ? preset.helpKey : 'emailAccounts.presets.custom')}
      />
      <ProFormGroup>
        <ProFormText
          name="email"
          label={t('setup.form.email')}
          width="md"
          disabled={mode === 'reconnect'}
          fieldProps={{ autoComplete: 'off', type: 'email' }}
          rules={[required, { type: 'email', message: t('setup.form.emailInvalid') }]}
        />
        {mode === 'create' ? <ProFormText name="senderName" label={t('setup.form.senderName')} width="md" fieldProps={{ maxLength: 200 }} /> : null}
      </ProFormGroup>
      {serverFields('smtp')}
      <ProFormGroup>
        <ProFormText name={['smtp', 'user']} label={t('setup.form.user')} width="md" placeholder={t('setup.form.userPlaceholder')} fieldProps={{ autoComplete: 'off' }} />
        <ProFormText.Password
          name={['smtp', 'password']}
          label={t(preset?.appPassword ? 'setup.form.appPassword' : 'setup.form.password')}
          width="md"
          rules={[{ required: true, message: t('setup.form.required') }]}
          fieldProps={{ autoComplete: 'new-password' }}
        />
      </ProFormGroup>
      {serverFields('imap')}
      <ProFormCheckbox name="sameCredentials">{t('setup.form.sameCredentials')}</ProFormCheckbox>
      <ProFormDependency name={['sameCredentials']}>
        {({ sameCredentials }: { sameCredentials?: boolean }) =>
          sameCredentials ? null : (
            <ProFormGroup>
              <ProFormText name={['imap', 'user']} label={t('setup.form.imapUser')} width="md" placeholder={t('setup.form.userPlaceholder')} fieldProps={{ autoComplete: 'off' }} />
              <ProFormText.Password
                name={['imap', 'password']}
                label={t('setup.form.imapPassword')}
                width="md"
                rules={[{ required: true, message: t('setup.form.required') }]}
                fieldProps={{ autoComplete: 'new-password' }}
              />
            </ProFormGroup>
          )
        }
      </ProFormDependency>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="save-refused"
          style={{ marginBottom: 16 }}
          title={t(`errors:${refusal}.title`)}
          description={t(`errors:${refusal}.description`)}
        />
      ) : null}
    </ProForm>
  );
}
