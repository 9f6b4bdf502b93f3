import { useState } from 'react';
import { Alert, Button, Flex, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type ConnectionTestResult, type EmailAccount, type MailOAuthProviderName, type MailPresetId, type MailSecurity, type MailServerKind } from '@leadforge/contracts';
import { ErrorState, LoadingState, readId, useApiErrorModal, useTableParams, useToast } from '@leadforge/ui';
import { Screen } from '../components/screen';
import { NAMESPACE } from '../i18n';
import { useCreateEmailAccount } from '../features/email-account-setup/api/create-email-account';
import { useGetEmailAccount } from '../features/email-account-setup/api/get-email-account';
import { useGetOAuthOptions } from '../features/email-account-setup/api/get-oauth-options';
import { startOAuth } from '../features/email-account-setup/api/start-oauth';
import { useTestConnection } from '../features/email-account-setup/api/test-connection';
import { useUpdateCredentials } from '../features/email-account-setup/api/update-credentials';
import { ConnectionTestResultView } from '../features/email-account-setup/components/connection-test-result';
import { MailboxConnectionForm } from '../features/email-account-setup/components/mailbox-connection-form';
import { ProviderChoice } from '../features/email-account-setup/components/provider-choice';
import {
  createBody,
  credentialsBody,
  initialValues,
  presetOf,
  testBody,
  valuesOfAccount,
  type ConnectionFormValues,
  type ServerChoice,
} from '../features/email-account-setup/utils/connection-form';

const LIST_PATH = '/account/email-accounts';

type Tested = { result: ConnectionTestResult; security: Record<MailServerKind, MailSecurity> };

/** The preset a saved mailbox came from, or "other" for servers typed by hand. */
const choiceOf = (account: EmailAccount): ServerChoice => (presetOf(account.preset as MailPresetId) ? (account.preset as MailPresetId) : 'custom');

/**
 * /account/email-accounts/setup: connect a mailbox with Google or Microsoft, or by SMTP + IMAP
 * (a preset or any server) after an optional step-by-step test. With `?reconnect=<id>` the same
 * form gives a mailbox that needs it new servers or passwords.
 */
export function EmailAccountSetupPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useApiErrorModal();
  const [params] = useTableParams();
  const reconnectId = readId(params, 'reconnect');
  const reconnecting = useGetEmailAccount(reconnectId);
  const oauth = useGetOAuthOptions();
  const test = useTestConnection();
  const create = useCreateEmailAccount();
  const credentials = useUpdateCredentials();
  const [picked, setPicked] = useState<ServerChoice | null>(null);
  const [tested, setTested] = useState<Tested | null>(null);

  const account = reconnecting.data?.account ?? null;
  // A password mailbox being reconnected opens on its own servers; OAuth ones choose again.
  const choice = picked ?? (account?.provider === 'smtp' ? choiceOf(account) : null);
  const backToList = () => navigate(LIST_PATH);

  const handleChoose = (next: ServerChoice | null) => {
    setPicked(next);
    setTested(null);
    test.reset();
  };

  const handleTest = (values: ConnectionFormValues) => {
    const body = testBody(account ? { ...values, email: account.email } : values);
    test.mutate(
      { body },
      {
        onSuccess: (result) => setTested({ result, security: { smtp: values.smtp.security, imap: values.imap.security } }),
        onError: (error) => showError(error),
      },
    );
  };

  const handleSave = async (values: ConnectionFormValues) => {
    if (choice === null) return;
    if (account) {
      await credentials.mutateAsync({ params: { id: account.id }, body: credentialsBody(values, choice) });
      toast.success(t('setup.toasts.reconnected', { email: account.email }));
    } else {
      const { account: created } = await create.mutateAsync({ body: createBody(values, choice) });
      toast.success(t('setup.toasts.connected', { email: created.email }));
    }
    backToList();
  };

  const handleOAuth = (provider: MailOAuthProviderName) => void startOAuth(provider).catch((error: unknown) => showError(error));

  let content;
  if (reconnectId !== null && reconnecting.isPending) {
    content = <LoadingState />;
  } else if (reconnectId !== null && reconnecting.isError) {
    content = <ErrorState error={reconnecting.error} onRetry={() => void reconnecting.refetch()} extra={<Button onClick={backToList}>{t('setup.backToList')}</Button>} />;
  } else if (choice === null) {
    content = (
      <Flex vertical gap={16}>
        {account ? <Alert type="warning" showIcon title={t('setup.reconnectOAuth', { email: account.email })} /> : null}
        <ProviderChoice
          oauth={oauth.data}
          oauthError={oauth.isError ? oauth.error : undefined}
          onRetryOAuth={() => void oauth.refetch()}
          onOAuth={handleOAuth}
          onChoose={handleChoose}
        />
      </Flex>
    );
  } else {
    content = (
      <Flex vertical gap={16}>
        {account ? <Alert type="warning" showIcon title={t('setup.reconnectPassword', { email: account.email })} /> : null}
        <div>
          <Button type="link" style={{ paddingInline: 0 }} onClick={() => handleChoose(null)}>
            {t('setup.changeProvider')}
          </Button>
        </div>
        <MailboxConnectionForm
          // Another provider starts the form over with its own servers.
          key={choice}
          choice={choice}
          mode={account ? 'reconnect' : 'create'}
          initialValues={account && picked === null ? valuesOfAccount(account) : { ...initialValues(choice), ...(account ? { email: account.email, senderName: account.senderName } : {}) }}
          testing={test.isPending}
          saving={create.isPending || credentials.isPending}
          onEdited={() => setTested(null)}
          onTest={handleTest}
          onSave={handleSave}
        />
        {tested ? <ConnectionTestResultView result={tested.result} security={tested.security} /> : null}
      </Flex>
    );
  }

  return (
    <Screen pageKey={account ? 'emailAccountReconnect' : 'emailAccountSetup'} onBack={backToList}>
      <Flex vertical gap={24}>
        <Steps
          current={choice === null ? 0 : 1}
          size="small"
          items={[{ title: t('setup.wizard.choose') }, { title: t('setup.wizard.settings') }]}
        />
        {content}
      </Flex>
    </Screen>
  );
}
