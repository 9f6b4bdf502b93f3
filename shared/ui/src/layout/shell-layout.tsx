import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { LAYER_ORDER } from '@leadforge/contracts';
import { ShellFrameContext, useIsPhone } from './shell-frame';

export type ShellLayoutProps = {
  sidebar: ReactNode;
  header: ReactNode;
  children: ReactNode;
  /** Something above the header for the whole app (e.g. "a new version is available"). */
  banner?: ReactNode;
};

/**
 * The frame of the signed-in area: sidebar menu, header and the scrolling content. At phone width
 * the sidebar moves into a drawer opened from the header, so nothing is wider than the screen.
 */
export function ShellLayout({ sidebar, header, children, banner }: ShellLayoutProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [menuOpen, setMenuOpen] = useState(false);
  const frame = useMemo(() => ({ phone, menuOpen, setMenuOpen }), [phone, menuOpen]);
  return (
    <ShellFrameContext.Provider value={frame}>
      <Layout style={{ minHeight: '100vh' }}>
        {sidebar}
        <Layout style={{ minWidth: 0 }}>
          {banner}
          <Layout.Header
            style={{
              position: 'sticky',
              top: 0,
              zIndex: LAYER_ORDER.header,
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: phone ? '0 8px' : '0 24px',
            }}
          >
            {phone ? (
              <Button
                type="text"
                icon={<MenuOutlined aria-hidden />}
                aria-label={t('common:ui.openMenu')}
                aria-expanded={menuOpen}
                onClick={() => setMenuOpen(true)}
              />
            ) : null}
            {header}
          </Layout.Header>
          <Layout.Content style={{ padding: phone ? 12 : 24, minWidth: 0 }}>{children}</Layout.Content>
        </Layout>
      </Layout>
    </ShellFrameContext.Provider>
  );
}
