import type { CSSProperties } from 'react';
import { Grid } from 'antd';

export type SearchFormLayout = {
  layout: 'inline' | 'vertical';
  /** A field's style: its own width beside the others on wide screens, the full width on a phone. */
  field: (width: number) => CSSProperties;
};

/**
 * One-line search forms (label, field, button) are wider than a phone: there they stack, each
 * field taking the whole width, instead of pushing the page sideways.
 */
export function useSearchFormLayout(): SearchFormLayout {
  const screens = Grid.useBreakpoint();
  // Before the first measurement breakpoints are empty: assume the narrow layout, it fits everywhere.
  const wide = screens.md === true;
  return {
    layout: wide ? 'inline' : 'vertical',
    field: (width) => (wide ? { width } : { width: '100%' }),
  };
}
