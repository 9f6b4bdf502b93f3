import type { ReactNode } from 'react';
import { Flex, Layout, Typography } from 'antd';
import { APP_NAME, LocaleSwitcher } from '@leadforge/ui';
import { NewVersionNotice } from './new-version-notice';
import { useLocaleSwitch } from './use-locale-switch';

export type AuthLayoutProps = { children: ReactNode };

/** The unauthenticated area: brand, language, and the page (auth group and public utility pages). */
export function AuthLayout({ children }: AuthLayoutProps) {
  const { locale, changeLocale, pending } = useLocaleSwitch();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <NewVersionNotice />
      <Layout.Header>
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Typography.Text strong style={{ fontSize: 18 }}>
            {APP_NAME}
          </Typography.Text>
          <LocaleSwitcher value={locale} onChange={changeLocale} disabled={pending} />
        </Flex>
      </Layout.Header>
      <Layout.Content>{children}</Layout.Content>
    </Layout>
  );
}
