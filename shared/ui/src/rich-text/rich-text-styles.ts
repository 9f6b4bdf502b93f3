import type { CSSProperties } from 'react';
import type { GlobalToken } from 'antd';

/** The one stylesheet of the editor; React 19 hoists it into <head> once, however many editors show. */
export const RICH_TEXT_STYLE_HREF = 'leadforge-rich-text';

/**
 * Nested rules (focus ring, the document's paragraphs, lists and links) cannot be inline styles.
 * A CSS file would be dropped: the package declares `"sideEffects": false`. The colours come from
 * the antd theme through the custom properties set by `richTextVariables`.
 */
export const RICH_TEXT_CSS = `
.lf-rich-text {
  border: 1px solid var(--lf-rt-border);
  border-radius: var(--lf-rt-radius);
  background: var(--lf-rt-bg);
  transition: border-color 0.2s, box-shadow 0.2s;
}
.lf-rich-text:hover { border-color: var(--lf-rt-hover); }
.lf-rich-text:focus-within { border-color: var(--lf-rt-primary); box-shadow: 0 0 0 2px var(--lf-rt-outline); }
.lf-rich-text[data-status='error'] { border-color: var(--lf-rt-error); }
.lf-rich-text[data-status='warning'] { border-color: var(--lf-rt-warning); }
.lf-rich-text[data-disabled='true'] { background: var(--lf-rt-disabled-bg); }
.lf-rich-text-toolbar {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 2px;
  padding: 4px;
  border-bottom: 1px solid var(--lf-rt-split);
}
.lf-rich-text-toolbar .ant-btn[aria-pressed='true'] { background: var(--lf-rt-pressed-bg); }
.lf-rich-text-separator { width: 1px; align-self: stretch; margin: 4px; background: var(--lf-rt-split); }
.lf-rich-text-spacer { flex: 1; }
.lf-rich-text .ProseMirror {
  min-height: var(--lf-rt-min-height);
  padding: 8px 11px;
  outline: none;
  overflow-wrap: anywhere;
}
.lf-rich-text .ProseMirror > :first-child { margin-top: 0; }
.lf-rich-text .ProseMirror > :last-child { margin-bottom: 0; }
.lf-rich-text .ProseMirror p { margin: 0 0 1em; }
.lf-rich-text .ProseMirror ul, .lf-rich-text .ProseMirror ol { margin: 0 0 1em; padding-left: 1.5em; }
.lf-rich-text .ProseMirror a { color: var(--lf-rt-link); text-decoration: underline; }
.lf-rich-text-source { padding: 4px; }
.lf-rich-text-source textarea { font-family: var(--lf-rt-code-font); font-size: 12px; }
`;

/** The theme values the stylesheet reads, set on each editor's frame. */
export function richTextVariables(token: GlobalToken, minHeight: number): CSSProperties {
  return {
    '--lf-rt-border': token.colorBorder,
    '--lf-rt-hover': token.colorPrimaryHover,
    '--lf-rt-primary': token.colorPrimary,
    '--lf-rt-outline': token.controlOutline,
    '--lf-rt-error': token.colorError,
    '--lf-rt-warning': token.colorWarning,
    '--lf-rt-split': token.colorSplit,
    '--lf-rt-bg': token.colorBgContainer,
    '--lf-rt-pressed-bg': token.controlItemBgActive,
    '--lf-rt-disabled-bg': token.colorBgContainerDisabled,
    '--lf-rt-radius': `${token.borderRadius}px`,
    '--lf-rt-link': token.colorLink,
    '--lf-rt-code-font': token.fontFamilyCode,
    '--lf-rt-min-height': `${minHeight}px`,
  } as CSSProperties;
}
