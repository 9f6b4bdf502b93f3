import type { ReactNode } from 'react';

export type ScrollAreaProps = { label: string; children: ReactNode };

/**
 * Lets something wide (a table) scroll sideways inside its card instead of widening the page at
 * phone width. It is focusable and named so keyboard users can scroll it too (WCAG 2.1.1).
 */
export function ScrollArea({ label, children }: ScrollAreaProps) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </div>
  );
}
