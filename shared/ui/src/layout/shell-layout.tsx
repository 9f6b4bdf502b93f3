import type { ReactNode } from 'react';
import { Layout } from 'antd';
import { LAYER_ORDER } from '@leadforge/contracts';

export type ShellLayoutProps = {
  sidebar: ReactNode;
  header: ReactNode;
  children: ReactNode;
  /** Something above the header for the whole app (e.g. "a new version is available"). */
  banner?: ReactNode;
};

/** The frame of the signed-in area: sidebar menu, header and the scrolling content. */
export function ShellLayout({ sidebar, header, children, banner }: ShellLayoutProps) {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {sidebar}
      <Layout>
        {banner}
        <Layout.Header
          style={{ position: 'sticky', top: 0, zIndex: LAYER_ORDER.header, display: 'flex', alignItems: 'center' }}
        >
          {header}
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
