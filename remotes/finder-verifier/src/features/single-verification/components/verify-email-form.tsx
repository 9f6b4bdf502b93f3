import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { useSearchFormLayout } from '../../../hooks/use-search-form-layout';

const EMAIL_MAX = 254;

export type VerifyEmailFormProps = { submitting: boolean; onVerify: (email: string) => void };

/** One address to verify now. */
export function VerifyEmailForm({ submitting, onVerify }: VerifyEmailFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const form = useSearchFormLayout();
  return (
    <Form<{ email: string }> layout={form.layout} onFinish={({ email }) => onVerify(email.trim())}>
      <Form.Item
        name="email"
        label={t('verify.emailLabel')}
        rules={[{ required: true, whitespace: true, message: t('verify.emailRequired') }]}
      >
        <Input maxLength={EMAIL_MAX} style={form.field(320)} placeholder="name@company.com" autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('verify.submit')}
      </Button>
    </Form>
  );
}
