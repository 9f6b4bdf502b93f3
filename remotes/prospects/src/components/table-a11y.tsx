import type { ReactNode } from 'react';
import { useAccessibleTables } from '@leadforge/ui';

export type TableA11yProps = {
  children: ReactNode;
};

/** Wraps a table so it gets what antd leaves to its users (see useAccessibleTables). */
export function TableA11y({ children }: TableA11yProps) {
  const ref = useAccessibleTables<HTMLDivElement>();
  return (
    <div ref={ref} style={{ minWidth: 0 }}>
      {children}
    </div>
  );
}
