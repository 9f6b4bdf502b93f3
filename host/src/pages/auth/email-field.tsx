import { ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';

export type EmailFieldProps = {
  /** The sign-in page uses large inputs. */
  size?: 'large';
};

/** The `email` field of the sign-in, registration and restore forms: required and a valid address. */
export function EmailField({ size }: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <ProFormText
      name="email"
      label={t('auth:fields.email')}
      fieldProps={{ type: 'email', autoComplete: 'email', ...(size ? { size } : {}) }}
      rules={[
        { required: true, message: t('auth:validation.emailRequired') },
        { type: 'email', message: t('auth:validation.emailInvalid') },
      ]}
    />
  );
}
