import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@leadforge/api-client';
import { TWO_FACTOR_METHODS, type LinkedinAccount, type TwoFactorMethod } from '@leadforge/contracts';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useChangeLinkedinTwoFactorMethod } from '../api/change-linkedin-two-factor-method';
import { useResendLinkedinCode } from '../api/resend-linkedin-code';
import { useSubmitLinkedinCode } from '../api/submit-linkedin-code';

/** The codes LinkedIn sends have six digits. */
export const CODE_LENGTH = 6;

export type CodeStepProps = {
  account: LinkedinAccount;
  /** The account as the network left it after a code, a resend or a change of method. */
  onAnswered: (account: LinkedinAccount) => void;
};

type CodeFormValues = { code: string };

/**
 * The step the network asks for after a sign-in (document 1 §4): the verification code or the
 * two-factor code, "Resend code", and for two-factor "Use another method" (SMS, e-mail, an
 * authenticator app). The sandbox network sends nothing: its code is shown, labelled as such.
 */
export function CodeStep({ account, onAnswered }: CodeStepProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const [form] = Form.useForm<CodeFormValues>();
  const code = Form.useWatch('code', form) ?? '';
  const [choosingMethod, setChoosingMethod] = useState(false);
  const submit = useSubmitLinkedinCode();
  const resend = useResendLinkedinCode();
  const changeMethod = useChangeLinkedinTwoFactorMethod();
  const twoFactor = account.state === 'two_factor_code';
  const method = account.twoFactorMethod;

  const handleFinish = ({ code: typed }: CodeFormValues) =>
    submit.mutate(
      { params: { id: account.id }, body: { code: typed.trim() } },
      {
        onSuccess: ({ account: next }) => {
          form.resetFields();
          onAnswered(next);
        },
        onError: (error) => {
          const items = isApiError(error) ? error.errors.filter((item) => item.key === 'linkedin_code_invalid' || item.key === 'linkedin_code_expired') : [];
          if (items.length === 0) {
            showError(error);
            return;
          }
          form.setFields([{ name: 'code', errors: items.map((item) => t(`errors:${item.key}.description`)) }]);
        },
      },
    );

  const handleResend = () =>
    resend.mutate(
      { params: { id: account.id } },
      {
        onSuccess: ({ account: next }) => {
          form.resetFields();
          toast.success(t('linkedinAccounts.code.resent'));
          onAnswered(next);
        },
        onError: (error) => showError(error),
      },
    );

  const handleMethod = (next: TwoFactorMethod) =>
    changeMethod.mutate(
      { params: { id: account.id }, body: { method: next } },
      {
        onSuccess: ({ account: updated }) => {
          setChoosingMethod(false);
          form.resetFields();
          toast.success(t('linkedinAccounts.code.methodChanged', { method: t(`linkedinAccounts.code.methods.${next}`) }));
          onAnswered(updated);
        },
        onError: (error) => showError(error),
      },
    );

  return (
    <Flex vertical gap={12} data-testid="code-step">
      <Typography.Paragraph style={{ margin: 0 }}>
        {twoFactor
          ? method
            ? t('linkedinAccounts.code.askedTwoFactorBy', { method: t(`linkedinAccounts.code.methods.${method}`) })
            : t('linkedinAccounts.code.askedTwoFactor')
          : t('linkedinAccounts.code.askedVerification')}
      </Typography.Paragraph>
      {account.sandboxCode ? (
        <Alert
          type="warning"
          showIcon
          data-testid="sandbox-code"
          title={
            <span>
              {t('linkedinAccounts.code.sandboxCode')}: <Typography.Text code>{account.sandboxCode}</Typography.Text>
            </span>
          }
          description={t('linkedinAccounts.code.sandboxHint')}
        />
      ) : null}
      <Form<CodeFormValues> form={form} name="linkedin-code" layout="vertical" onFinish={handleFinish} requiredMark={false}>
        <Form.Item
          name="code"
          label={t('linkedinAccounts.code.label')}
          rules={[{ required: true, len: CODE_LENGTH, message: t('linkedinAccounts.code.incomplete', { length: CODE_LENGTH }) }]}
          validateTrigger="onSubmit"
        >
          <Input.OTP length={CODE_LENGTH} autoComplete="one-time-code" />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={submit.isPending} disabled={code.length < CODE_LENGTH}>
            {t('linkedinAccounts.code.submit')}
          </Button>
          <Button onClick={handleResend} loading={resend.isPending} disabled={submit.isPending}>
            {t('linkedinAccounts.code.resend')}
          </Button>
          {twoFactor ? (
            <Button type="link" onClick={() => setChoosingMethod((open) => !open)} aria-expanded={choosingMethod}>
              {t('linkedinAccounts.code.otherMethod')}
            </Button>
          ) : null}
        </Flex>
      </Form>
      {twoFactor && choosingMethod ? (
        <Flex vertical gap={8} data-testid="two-factor-methods">
          <Typography.Text>{t('linkedinAccounts.code.chooseMethod')}</Typography.Text>
          <Radio.Group
            value={method ?? undefined}
            disabled={changeMethod.isPending}
            aria-label={t('linkedinAccounts.code.chooseMethod')}
            options={TWO_FACTOR_METHODS.map((value) => ({ value, label: t(`linkedinAccounts.code.methods.${value}`), disabled: value === method }))}
            onChange={(event) => handleMethod(event.target.value as TwoFactorMethod)}
          />
        </Flex>
      ) : null}
    </Flex>
  );
}
