import type { CSSProperties, ReactNode } from 'react';

export type SidebarLayoutProps = {
  /** The sidebar names its own landmark (the lists panel is a labelled navigation). */
  sidebar: ReactNode;
  children: ReactNode;
};

const ROW: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' };
// The content needs ~420 px beside the 280 px sidebar (a 1024 px screen has room); narrower (a phone), it wraps below it.
const SIDEBAR: CSSProperties = { flex: '1 1 280px', maxWidth: 'min(100%, 360px)', minWidth: 0 };
const CONTENT: CSSProperties = { flex: '999 1 420px', minWidth: 0, maxWidth: '100%' };

/**
 * A lists sidebar beside the page's content, stacked above it on a narrow screen. Plain elements
 * on purpose: antd's Layout.Content renders a second `main` inside the shell's own.
 */
export function SidebarLayout({ sidebar, children }: SidebarLayoutProps) {
  return (
    <div style={ROW}>
      <div style={SIDEBAR}>{sidebar}</div>
      <div style={CONTENT}>{children}</div>
    </div>
  );
}
