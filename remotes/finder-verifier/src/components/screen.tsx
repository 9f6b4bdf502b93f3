import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { ScreenHeader } from './screen-header';

export type ScreenProps = {
  pageKey: string;
  extra?: ReactNode;
  children: ReactNode;
};

/** antd's horizontal scroll box of a wide table (scroll.x), which it renders without a tab stop. */
const TABLE_SCROLL_BOX = '.ant-table-content';

/**
 * A table that scrolls sideways on a phone must be scrollable from the keyboard too (WCAG 2.1.1,
 * axe "scrollable-region-focusable"): every such box in the screen becomes a named tab stop,
 * whenever the table renders it.
 */
function useKeyboardScrollableTables(label: string) {
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    const section = root.current;
    if (!section) return undefined;
    const mark = () => {
      for (const box of section.querySelectorAll<HTMLElement>(`${TABLE_SCROLL_BOX}:not([tabindex])`)) {
        box.tabIndex = 0;
        box.setAttribute('role', 'region');
        box.setAttribute('aria-label', label);
      }
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(section, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [label]);
  return root;
}

/** The frame of every screen of the area: header from `pages.<pageKey>` and the content below. */
export function Screen({ pageKey, extra, children }: ScreenProps) {
  const { t } = useTranslation(NAMESPACE);
  const root = useKeyboardScrollableTables(t('tableScrollRegion'));
  return (
    <section ref={root} data-area={NAMESPACE} data-screen={pageKey}>
      <ScreenHeader pageKey={pageKey} extra={extra} />
      {children}
    </section>
  );
}
