import { memo, type DragEvent } from 'react';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BlockType } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { BlockIcon } from './block-icon';

/** The blocks a user adds (the start is there from the beginning, once). */
export const PALETTE_BLOCK_TYPES = ['email', 'linkedin', 'trigger', 'delay', 'goal'] as const satisfies readonly BlockType[];

/** The data type a palette item carries when dragged onto the canvas. */
export const PALETTE_DRAG_TYPE = 'application/x-leadforge-block';

export type BlockPaletteProps = {
  disabled: boolean;
  onAdd(type: BlockType): void;
};

/** Click adds a block below the selected one (linked to it); drag drops it where the user lets go. */
export function BlockPalette({ disabled, onAdd }: BlockPaletteProps) {
  const { t } = useTranslation(NAMESPACE);
  const handleDragStart = (type: BlockType) => (event: DragEvent) => {
    event.dataTransfer.setData(PALETTE_DRAG_TYPE, type);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <Flex vertical gap={6} role="toolbar" aria-label={t('editor.palette.title')} aria-orientation="vertical">
      <Typography.Text strong>{t('editor.palette.title')}</Typography.Text>
      {PALETTE_BLOCK_TYPES.map((type) => (
        <Tooltip key={type} title={t(`editor.palette.hints.${type}`)} placement="right">
          <Button
            icon={<BlockIcon type={type} />}
            disabled={disabled}
            draggable={!disabled}
            onDragStart={handleDragStart(type)}
            onClick={() => onAdd(type)}
            style={{ justifyContent: 'flex-start' }}
            aria-label={t('editor.palette.add', { name: t(`editor.blocks.${type}`) })}
          >
            {t(`editor.blocks.${type}`)}
          </Button>
        </Tooltip>
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {disabled ? t('editor.palette.locked') : t('editor.palette.help')}
      </Typography.Text>
    </Flex>
  );
}

/** The canvas re-renders on every drag frame; this part only when its own props change. */
export const BlockPaletteMemo = memo(BlockPalette);
