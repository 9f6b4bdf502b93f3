import type { ReactNode } from 'react';
import { Button, Form, type FormInstance } from 'antd';

export type AuthFormProps<T> = {
  form?: FormInstance<T>;
  initialValues?: Partial<T>;
  onFinish: (values: T) => void | Promise<unknown>;
  submitLabel: string;
  loading: boolean;
  children: ReactNode;
};

/**
 * The form of the sign-in pages: antd's Form with one full-width submit button. Plain antd on
 * purpose: these pages are the first paint for anonymous visitors, and ProForm would add
 * pro-components (≈180 KB gzip) to it; the signed-in pages load it lazily.
 */
export function AuthForm<T>({ form, initialValues, onFinish, submitLabel, loading, children }: AuthFormProps<T>) {
  return (
    <Form<T> form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void onFinish(values)}>
      {children}
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block size="large" loading={loading}>
          {submitLabel}
        </Button>
      </Form.Item>
    </Form>
  );
}
