import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export type ToolbarButtonProps = {
  label: string;
  icon: ReactNode;
  /** Keys after the modifier, e.g. "B" for Ctrl+B / ⌘B; shown in the tooltip. */
  shortcut?: string;
  /** For toggles: whether the format is on where the cursor is. */
  pressed?: boolean;
  disabled?: boolean;
  /** Left out when a popover around the button opens on click. */
  onClick?: () => void;
};

const isApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);

/** Writes a shortcut the way the user's keyboard labels it: ⌘⇧Z on a Mac, Ctrl+Shift+Z elsewhere. */
export function shortcutText(keys: string): string {
  if (isApple) return `⌘${keys.replace('Shift+', '⇧')}`;
  return `Ctrl+${keys}`;
}

/** One icon button of the toolbar: named for screen readers, explained by its tooltip. */
export function ToolbarButton({ label, icon, shortcut, pressed, disabled, onClick }: ToolbarButtonProps) {
  const { t } = useTranslation();
  const title = shortcut ? t('common:ui.richText.withShortcut', { action: label, shortcut: shortcutText(shortcut) }) : label;
  return (
    <Tooltip title={title}>
      <Button
        // The variant stays "text" either way: antd wraps other variants in an extra element,
        // which would re-mount the button (and drop its focus) each time the format toggles.
        color={pressed ? 'primary' : 'default'}
        variant="text"
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        // The editor keeps its selection when a button is pressed with the mouse.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}
