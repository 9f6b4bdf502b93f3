import { useEffect, useRef } from 'react';

/**
 * What antd's tables leave to their users (axe, serious), for every table inside the returned
 * ref's element, whenever it renders: the hidden row antd measures column widths with holds the
 * header's controls (a focusable checkbox inside aria-hidden), so it is made inert; and a table
 * that scrolls (sideways on a phone) must be reachable from the keyboard (WCAG 2.1.1, axe
 * "scrollable-region-focusable"), so its scrolling box becomes a tab stop — a named region when
 * `label` is given — while it scrolls.
 */
export function useAccessibleTables<T extends HTMLElement>(label?: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const fix = () => {
      for (const row of root.querySelectorAll('.ant-table-measure-row')) if (!row.hasAttribute('inert')) row.setAttribute('inert', '');
      for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
        if (scrolls && box.tabIndex !== 0) {
          box.tabIndex = 0;
          if (label) {
            box.setAttribute('role', 'region');
            box.setAttribute('aria-label', label);
          }
        } else if (!scrolls && box.hasAttribute('tabindex')) {
          box.removeAttribute('tabindex');
          box.removeAttribute('role');
          box.removeAttribute('aria-label');
        }
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
  }, [label]);
  return ref;
}
