import { memo } from 'react';
import { Alert, Button, Drawer, Flex, Space, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import type { FlowchartBlock, FlowchartIssue } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { variantLetter } from '../utils/variant-letter';
import { BlockIcon } from './block-icon';
import { DelayBlockEditor } from './delay-block-editor';
import { EmailBlockEditor, type EmailSlots } from './email-block-editor';
import { GoalBlockEditor } from './goal-block-editor';
import { LinkedinBlockEditor } from './linkedin-block-editor';
import { TriggerBlockEditor } from './trigger-block-editor';

/** Width of the drawer; the canvas pans an opened block out from under it. */
export const BLOCK_DRAWER_WIDTH = 560;

export type BlockDrawerProps = EmailSlots & {
  /** The block being edited; null keeps the drawer closed. */
  block: FlowchartBlock | null;
  issues: readonly FlowchartIssue[];
  knownVariables: readonly string[];
  disabled: boolean;
  canRemove: boolean;
  onChange(block: FlowchartBlock): void;
  onRemove(id: string): void;
  onClose(): void;
};

/**
 * The selected block's form. No mask: the canvas and the palette stay usable beside it, so a
 * sequence is built by clicking palette items while the newest block is open here.
 */
export function BlockDrawer({ block, issues, knownVariables, disabled, canRemove, onChange, onRemove, onClose, ...slots }: BlockDrawerProps) {
  const { t } = useTranslation(NAMESPACE);
  const name = block ? t(`editor.blocks.${block.type}`) : '';
  return (
    <Drawer
      open={block !== null}
      onClose={onClose}
      mask={false}
      size={BLOCK_DRAWER_WIDTH}
      destroyOnHidden
      title={
        block ? (
          <Space>
            <BlockIcon type={block.type} />
            {name}
          </Space>
        ) : null
      }
      extra={
        block && canRemove && block.type !== 'start' ? (
          <Button danger icon={<DeleteOutlined />} onClick={() => onRemove(block.id)}>
            {t('editor.delete')}
          </Button>
        ) : null
      }
    >
      {block ? (
        <Flex vertical gap="middle">
          {issues.length > 0 ? (
            <Alert
              type="error"
              showIcon
              title={t('editor.drawer.issues')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {issues.map((issue, index) => (
                    <li key={`${issue.key}-${issue.variant ?? ''}-${index}`}>
                      {issue.variant === undefined || block.type !== 'email' || block.emails.length < 2
                        ? t(`errors:${issue.key}.description`)
                        : t('editor.variantIssue', { variant: variantLetter(issue.variant), message: t(`errors:${issue.key}.description`) })}
                    </li>
                  ))}
                </ul>
              }
            />
          ) : null}
          <BlockForm block={block} disabled={disabled} knownVariables={knownVariables} onChange={onChange} {...slots} />
        </Flex>
      ) : null}
    </Drawer>
  );
}

function BlockForm({
  block,
  disabled,
  knownVariables,
  onChange,
  ...slots
}: EmailSlots & { block: FlowchartBlock; disabled: boolean; knownVariables: readonly string[]; onChange(block: FlowchartBlock): void }) {
  const { t } = useTranslation(NAMESPACE);
  // Keyed by block id: a form's local choices (units, the open variant) belong to one block.
  switch (block.type) {
    case 'start':
      return <Typography.Paragraph>{t('editor.startHelp')}</Typography.Paragraph>;
    case 'email':
      return <EmailBlockEditor key={block.id} block={block} disabled={disabled} knownVariables={knownVariables} onChange={onChange} {...slots} />;
    case 'linkedin':
      return <LinkedinBlockEditor key={block.id} block={block} disabled={disabled} onChange={onChange} />;
    case 'trigger':
      return <TriggerBlockEditor key={block.id} block={block} disabled={disabled} onChange={onChange} />;
    case 'delay':
      return <DelayBlockEditor key={block.id} block={block} disabled={disabled} onChange={onChange} />;
    case 'goal':
      return <GoalBlockEditor key={block.id} block={block} disabled={disabled} onChange={onChange} />;
  }
}

/** The canvas re-renders on every drag frame; this part only when its own props change. */
export const BlockDrawerMemo = memo(BlockDrawer);
