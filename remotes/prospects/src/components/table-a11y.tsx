import { useEffect, useRef, type ReactNode } from 'react';

export type TableA11yProps = {
  children: ReactNode;
};

/**
 * Two things antd's table leaves to its users (axe, serious): the hidden row it measures column
 * widths with holds the header's controls (a focusable checkbox inside aria-hidden), so it is made
 * inert; and a table that scrolls sideways (a phone) must be reachable by keyboard, so its
 * scrolling container takes focus.
 */
export function TableA11y({ children }: TableA11yProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const fix = () => {
      for (const row of root.querySelectorAll('.ant-table-measure-row')) if (!row.hasAttribute('inert')) row.setAttribute('inert', '');
      for (const region of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        const scrolls = region.scrollWidth > region.clientWidth + 1 || region.scrollHeight > region.clientHeight + 1;
        if (scrolls && region.tabIndex !== 0) region.tabIndex = 0;
        else if (!scrolls && region.hasAttribute('tabindex')) region.removeAttribute('tabindex');
      }
    };
    fix();
    // Rows and the measure row come and go with pages, sorting and column changes.
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true });
    window.addEventListener('resize', fix);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fix);
    };
  }, []);
  return (
    <div ref={ref} style={{ minWidth: 0 }}>
      {children}
    </div>
  );
}
