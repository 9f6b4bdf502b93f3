import { cloneElement, isValidElement, useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * `rowSelection.columnTitle` for antd tables: antd 6 writes the header checkbox's accessible
 * name as a fixed English "Select all" (table/hooks/useSelection), outside its locale packs, so
 * screen readers heard English in every language. This keeps antd's checkbox and only names it.
 */
export function useSelectAllTitle(): (checkbox: ReactNode) => ReactNode {
  const { t } = useTranslation();
  const label = t('common:ui.selectAll');
  return useCallback(
    (checkbox: ReactNode) => (isValidElement<{ 'aria-label'?: string }>(checkbox) ? cloneElement(checkbox, { 'aria-label': label }) : checkbox),
    [label],
  );
}
