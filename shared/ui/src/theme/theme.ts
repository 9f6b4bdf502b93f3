import type { ThemeConfig } from 'antd';
import { LAYER_ORDER } from '@leadforge/contracts';

/**
 * The Leadforge look: one place for the brand colour, radius and layout sizes so host and
 * remotes (which share this antd instance as a singleton) never drift apart.
 */
export const BRAND_COLOR = '#3a5bd9';

export const leadforgeTheme: ThemeConfig = {
  cssVar: { key: 'leadforge' },
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    colorSuccess: '#146c3a',
    colorSuccessBg: '#e6f4ea',
    colorSuccessBorder: '#9fd3b0',
    colorWarning: '#d98e04',
    // Darker than antd's defaults so danger buttons, badges and secondary text reach WCAG AA
    // contrast (4.5:1) on white and on the grey page background (#f5f5f5).
    colorError: '#c0392b',
    colorTextSecondary: '#4d4d4d',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    colorTextPlaceholder: '#6b6b6b',
    borderRadius: 8,
    fontFamily:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', sans-serif",
    fontSize: 14,
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#0f1a3d', headerHeight: 56, headerPadding: '0 24px' },
    Menu: { darkItemBg: '#0f1a3d', darkSubMenuItemBg: '#0b1430' },
  },
};

/** Sticky layers of document 2 §9, re-exported for components that stack over tables. */
export const layerOrder = LAYER_ORDER;
