import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Radio, Result, Steps, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@leadforge/api-client';
import { LINKEDIN_WARMUP, type ApiErrorItem, type LinkedinAccount } from '@leadforge/contracts';
import { useApiErrorModal, useIsPhone } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useConnectLinkedinAccount } from '../api/connect-linkedin-account';
import { useListLinkedinProxies } from '../api/list-linkedin-proxies';
import { useListTimeZones } from '../api/list-time-zones';
import { useReconnectLinkedinAccount } from '../api/reconnect-linkedin-account';
import {
  browserTimeZone,
  connectBodyOf,
  connectErrorPlace,
  initialConnectValues,
  loginBodyOf,
  stepAfter,
  type ConnectFormValues,
  type ConnectStep,
  type ErrorPlace,
} from '../utils/connect-form';
import { CodeStep } from './code-step';
import { ProxyFields, TimeZoneField } from './proxy-fields';

/**
 * What the wizard is opened for: a new account, an empty slot (one the lead assigned, or the
 * caller's own), an account whose session ended (sign in again), or one waiting for its code.
 */
export type ConnectTarget =
  | { kind: 'new' }
  | { kind: 'slot'; account: LinkedinAccount }
  | { kind: 'reconnect'; account: LinkedinAccount }
  | { kind: 'code'; account: LinkedinAccount };

export type ConnectWizardProps = {
  /** Null keeps the wizard closed. */
  target: ConnectTarget | null;
  onClose: () => void;
};

function stepsOf(target: ConnectTarget): ConnectStep[] {
  if (target.kind === 'code') return ['code', 'done'];
  if (target.kind === 'reconnect') return ['login', 'code', 'done'];
  return ['login', 'proxy', 'code', 'done'];
}

/**
 * Connecting a LinkedIn account, the way the industry does it: 1) how it signs in (the member's
 * session cookie, or e-mail and password); 2) the proxy it acts through, its time zone and
 * warm-up; 3) what the network answers — active, or a verification or two-factor code to enter.
 * An error of the catalogue goes back to the step and field it is about.
 */
export function ConnectWizard({ target, onClose }: ConnectWizardProps) {
  return (
    <Modal
      open={target !== null}
      title={target ? <TitleOf target={target} /> : ''}
      footer={null}
      width={640}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
    >
      {target ? <WizardBody target={target} onClose={onClose} /> : null}
    </Modal>
  );
}

function TitleOf({ target }: { target: ConnectTarget }) {
  const { t } = useTranslation(NAMESPACE);
  if (target.kind === 'reconnect') return <>{t('linkedinAccounts.wizard.reconnectTitle', { name: target.account.name })}</>;
  if (target.kind === 'code') return <>{t('linkedinAccounts.wizard.codeTitle', { name: target.account.name })}</>;
  return <>{t('linkedinAccounts.wizard.title')}</>;
}

function WizardBody({ target, onClose }: { target: ConnectTarget; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const isPhone = useIsPhone();
  const [form] = Form.useForm<ConnectFormValues>();
  const steps = stepsOf(target);
  const [step, setStep] = useState<ConnectStep>(steps[0]!);
  const [account, setAccount] = useState<LinkedinAccount | null>(target.kind === 'new' ? null : target.account);
  const [refusal, setRefusal] = useState<ApiErrorItem | null>(null);
  const [marks, setMarks] = useState<{ name: string[]; errors: string[] }[]>([]);
  const proxies = useListLinkedinProxies(target.kind === 'new' || target.kind === 'slot');
  const timeZones = useListTimeZones(target.kind === 'new' || target.kind === 'slot');
  const connect = useConnectLinkedinAccount();
  const reconnect = useReconnectLinkedinAccount();
  const method = Form.useWatch('method', form);
  const [initial] = useState(() => initialConnectValues(browserTimeZone()));

  // Errors of a step that was not on screen: marked once its fields are mounted again.
  useEffect(() => {
    if (marks.length === 0) return;
    form.setFields(marks as Parameters<typeof form.setFields>[0]);
    setMarks([]);
  }, [form, marks, step]);

  const handleAnswer = (next: LinkedinAccount) => {
    setAccount(next);
    setStep(stepAfter(next) ?? 'done');
  };

  const handleRefused = (error: unknown) => {
    const items = isApiError(error) ? error.errors : [];
    if (items.length === 0) {
      showError(error);
      return;
    }
    const values = form.getFieldsValue(true) as ConnectFormValues;
    const placed: { item: ApiErrorItem; place: ErrorPlace }[] = [];
    const unplaced: ApiErrorItem[] = [];
    for (const item of items) {
      const place = connectErrorPlace(item, values);
      if (place) placed.push({ item, place });
      else unplaced.push(item);
    }
    setRefusal(unplaced[0] ?? null);
    if (placed.length === 0) return;
    const first = placed.some(({ place }) => place.step === 'login') ? 'login' : 'proxy';
    setStep(first);
    setMarks(placed.map(({ item, place }) => ({ name: place.name, errors: [t(`errors:${item.key}.description`)] })));
  };

  const handleNext = async () => {
    setRefusal(null);
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid) return;
    if (target.kind === 'reconnect') {
      const values = form.getFieldsValue(true) as ConnectFormValues;
      reconnect.mutate({ params: { id: target.account.id }, body: { login: loginBodyOf(values) } }, { onSuccess: ({ account: next }) => handleAnswer(next), onError: handleRefused });
      return;
    }
    setStep('proxy');
  };

  const handleConnect = async () => {
    setRefusal(null);
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const values = form.getFieldsValue(true) as ConnectFormValues & { name?: string };
    const body = connectBodyOf(values, target.kind === 'slot' ? target.account.id : undefined);
    const name = (values.name ?? '').trim();
    connect.mutate({ body: name ? { ...body, name } : body }, { onSuccess: ({ account: next }) => handleAnswer(next), onError: handleRefused });
  };

  const required = { required: true, whitespace: true, message: t('linkedinAccounts.form.required') };
  const busy = connect.isPending || reconnect.isPending;

  return (
    <Flex vertical gap={16}>
      <Steps
        size="small"
        orientation={isPhone ? 'vertical' : 'horizontal'}
        current={steps.indexOf(step)}
        items={steps.map((key) => ({ key, title: t(`linkedinAccounts.wizard.steps.${key}`) }))}
      />
      {step === 'login' || step === 'proxy' ? (
        <Form<ConnectFormValues> form={form} name="linkedin-connect" layout="vertical" initialValues={initial} requiredMark={false} onValuesChange={() => setRefusal(null)}>
          {step === 'login' ? (
            <>
              <Form.Item name="method" label={t('linkedinAccounts.wizard.method.label')}>
                <Radio.Group
                  options={[
                    { value: 'cookie', label: t('linkedinAccounts.wizard.method.cookie') },
                    { value: 'credentials', label: t('linkedinAccounts.wizard.method.credentials') },
                  ]}
                />
              </Form.Item>
              {method === 'credentials' ? (
                <>
                  <Form.Item name="email" label={t('linkedinAccounts.wizard.email')} rules={[required, { type: 'email', message: t('linkedinAccounts.wizard.emailInvalid') }]}>
                    <Input type="email" autoComplete="off" />
                  </Form.Item>
                  <Form.Item name="password" label={t('linkedinAccounts.wizard.password')} rules={[required]} extra={t('linkedinAccounts.wizard.credentialsHelp')}>
                    <Input.Password autoComplete="new-password" />
                  </Form.Item>
                </>
              ) : (
                <Form.Item
                  name="sessionCookie"
                  label={t('linkedinAccounts.wizard.cookie')}
                  rules={[required, { min: 10, message: t('linkedinAccounts.wizard.cookieShort') }]}
                  extra={<Typography.Text type="secondary">{t('linkedinAccounts.wizard.cookieHelp')}</Typography.Text>}
                >
                  <Input.TextArea rows={3} autoComplete="off" spellCheck={false} />
                </Form.Item>
              )}
              {target.kind !== 'reconnect' ? (
                <Form.Item name="name" label={t('linkedinAccounts.wizard.name')} extra={t('linkedinAccounts.wizard.nameHelp')}>
                  <Input maxLength={255} />
                </Form.Item>
              ) : null}
            </>
          ) : (
            <>
              <ProxyFields countries={proxies.data?.countries ?? []} countriesLoading={proxies.isPending} />
              <TimeZoneField timeZones={timeZones.data?.timeZones ?? []} loading={timeZones.isPending} current={initial.timezone} />
              <Form.Item
                name="warmUp"
                label={t('linkedinAccounts.wizard.warmUp')}
                valuePropName="checked"
                extra={t('linkedinAccounts.wizard.warmUpHelp', { days: LINKEDIN_WARMUP.days })}
              >
                <Switch />
              </Form.Item>
            </>
          )}
          {refusal ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              data-testid="connect-refused"
              style={{ marginBottom: 16 }}
              title={t(`errors:${refusal.key}.title`)}
              description={t(`errors:${refusal.key}.description`)}
            />
          ) : null}
          <Flex gap={8} justify="flex-end" wrap>
            {step === 'proxy' ? (
              <Button onClick={() => setStep('login')} disabled={busy}>
                {t('common:actions.back')}
              </Button>
            ) : (
              <Button onClick={onClose} disabled={busy}>
                {t('common:actions.cancel')}
              </Button>
            )}
            {step === 'login' ? (
              <Button type="primary" onClick={() => void handleNext()} loading={reconnect.isPending}>
                {t(target.kind === 'reconnect' ? 'linkedinAccounts.wizard.reconnect' : 'common:actions.continue')}
              </Button>
            ) : (
              <Button type="primary" onClick={() => void handleConnect()} loading={connect.isPending}>
                {t('linkedinAccounts.wizard.connect')}
              </Button>
            )}
          </Flex>
        </Form>
      ) : null}
      {step === 'code' && account ? <CodeStep account={account} onAnswered={handleAnswer} /> : null}
      {step === 'done' && account ? (
        <Result
          status={account.state === 'active' ? 'success' : 'warning'}
          data-testid="connect-done"
          title={
            account.state === 'active'
              ? t('linkedinAccounts.wizard.done.title', { name: account.profileName ?? account.name })
              : t(`linkedinAccounts.state.${account.state}`)
          }
          subTitle={account.state === 'active' ? t('linkedinAccounts.wizard.done.description') : t(`linkedinAccounts.stateHint.${account.state}`)}
          extra={
            <Button type="primary" onClick={onClose}>
              {t('linkedinAccounts.wizard.done.close')}
            </Button>
          }
        />
      ) : null}
    </Flex>
  );
}
