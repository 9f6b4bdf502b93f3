import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTH_LIMITS } from '@leadforge/contracts';

export type NewPasswordFieldProps = {
  /** The form field of the new password (`password` on reset and registration, `newPassword` on the profile). */
  name: string;
  /** Defaults to "New password"; registration calls it just "Password". */
  label?: string;
};

/** A password being chosen: required and within the API's length limits. */
export function NewPasswordField({ name, label }: NewPasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label ?? t('auth:fields.newPassword')}
      rules={[
        { required: true, message: t('auth:validation.passwordRequired') },
        { min: AUTH_LIMITS.passwordMin, message: t('auth:validation.passwordTooShort', { min: AUTH_LIMITS.passwordMin }) },
      ]}
    >
      <Input.Password autoComplete="new-password" maxLength={AUTH_LIMITS.passwordMax} />
    </Form.Item>
  );
}

export type NewPasswordFieldsProps = {
  /** The form field of the new password. */
  name: string;
  /** The form field that must repeat it. */
  confirmName?: string;
};

/**
 * A new password and its confirmation, which must match it: the reset page and the profile's
 * password section ask for the same pair.
 */
export function NewPasswordFields({ name, confirmName = 'confirm' }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <NewPasswordField name={name} />
      <Form.Item
        name={confirmName}
        label={t('auth:fields.confirmPassword')}
        dependencies={[name]}
        rules={[
          { required: true, message: t('auth:validation.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              !value || getFieldValue(name) === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('auth:validation.passwordsDiffer'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
