import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

export type EmailFieldProps = {
  /** The sign-in page uses large inputs. */
  size?: 'large';
};

/** The `email` field of the sign-in, registration and restore forms: required and a valid address. */
export function EmailField({ size }: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="email"
      label={t('auth:fields.email')}
      rules={[
        { required: true, message: t('auth:validation.emailRequired') },
        { type: 'email', message: t('auth:validation.emailInvalid') },
      ]}
    >
      <Input type="email" autoComplete="email" {...(size ? { size } : {})} />
    </Form.Item>
  );
}
