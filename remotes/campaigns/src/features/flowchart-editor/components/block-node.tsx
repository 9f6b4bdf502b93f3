import { memo, type CSSProperties } from 'react';
import { Button, Tag, Tooltip, theme } from 'antd';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { FlowchartIssue } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import type { BlockNode } from '../utils/flowchart-nodes';
import { variantLetter } from '../utils/variant-letter';
import { BlockIcon } from './block-icon';
import { BlockSummary } from './block-summary';
import { useEditorActions } from './editor-actions';

/** Width of every block; auto-layout assumes it for blocks not measured yet. */
export const BLOCK_WIDTH = 260;

const handleLabel: CSSProperties = { position: 'absolute', bottom: -22, fontSize: 11, transform: 'translateX(-50%)', pointerEvents: 'none' };

/**
 * A block on the canvas: its kind, what it does, its figures on a campaign page, and every issue
 * the checks found on it (red border and the issues' messages), so the user sees what blocks
 * launch where it is.
 */
function BlockNodeView({ id, data, selected, deletable, isConnectable }: NodeProps<BlockNode>) {
  const { t } = useTranslation(NAMESPACE);
  const { token } = theme.useToken();
  const { removeBlock } = useEditorActions();
  const { block, issues, counts } = data;
  const invalid = issues.length > 0;
  const title = t(`editor.blocks.${block.type}`);
  const borderColor = invalid ? token.colorError : selected ? token.colorPrimary : token.colorBorder;
  return (
    <div
      role="group"
      aria-label={t('editor.blockLabel', { name: title, id })}
      aria-invalid={invalid || undefined}
      data-testid={`block-${id}`}
      style={{
        width: BLOCK_WIDTH,
        background: token.colorBgContainer,
        border: `${invalid || selected ? 2 : 1}px solid ${borderColor}`,
        borderRadius: token.borderRadiusLG,
        padding: '8px 10px',
        boxShadow: selected ? token.boxShadowSecondary : undefined,
        fontSize: token.fontSizeSM,
      }}
    >
      {block.type !== 'start' ? <Handle type="target" position={Position.Top} isConnectable={isConnectable} /> : null}
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, marginBottom: 4 }}>
        <BlockIcon type={block.type} />
        <strong style={{ flex: 1 }}>{title}</strong>
        {deletable ? (
          <Tooltip title={t('editor.delete')}>
            <Button
              size="small"
              type="text"
              className="nodrag"
              icon={<DeleteOutlined />}
              aria-label={t('editor.deleteBlock', { name: title })}
              onClick={(event) => {
                event.stopPropagation();
                removeBlock(id);
              }}
            />
          </Tooltip>
        ) : null}
      </div>
      <BlockSummary block={block} />
      {counts && Object.keys(counts).length > 0 ? (
        <div style={{ marginTop: 6, display: 'flex', flexWrap: 'wrap', gap: 4 }} data-testid={`block-counts-${id}`}>
          {Object.entries(counts).map(([label, count]) => (
            <Tag key={label} style={{ marginInlineEnd: 0 }}>
              {label}: {count.toLocaleString()}
            </Tag>
          ))}
        </div>
      ) : null}
      {invalid ? <BlockIssues issues={issues} showVariants={block.type === 'email' && block.emails.length > 1} /> : null}
      {block.type === 'trigger' ? (
        <>
          <Handle type="source" id="yes" position={Position.Bottom} style={{ left: '30%', background: token.colorSuccess }} isConnectable={isConnectable} />
          <span style={{ ...handleLabel, left: '30%', color: token.colorSuccess }}>{t('editor.yes')}</span>
          <Handle type="source" id="no" position={Position.Bottom} style={{ left: '70%', background: token.colorError }} isConnectable={isConnectable} />
          <span style={{ ...handleLabel, left: '70%', color: token.colorError }}>{t('editor.no')}</span>
        </>
      ) : (
        <Handle type="source" id="next" position={Position.Bottom} isConnectable={isConnectable} />
      )}
    </div>
  );
}

/** Variant letters are named only when there are several variants. */
function BlockIssues({ issues, showVariants }: { issues: readonly FlowchartIssue[]; showVariants: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const { token } = theme.useToken();
  return (
    <ul style={{ margin: '6px 0 0', padding: 0, listStyle: 'none', color: token.colorError }}>
      {issues.map((issue, index) => {
        const message = t(`errors:${issue.key}.title`);
        return (
          <li key={`${issue.key}-${issue.variant ?? ''}-${index}`} title={t(`errors:${issue.key}.description`)}>
            {issue.variant === undefined || !showVariants ? message : t('editor.variantIssue', { variant: variantLetter(issue.variant), message })}
          </li>
        );
      })}
    </ul>
  );
}

export const BlockNodeMemo = memo(BlockNodeView);

/** One registered type per block kind; they share the frame and differ in summary and handles. */
export const blockNodeTypes: NodeTypes = {
  start: BlockNodeMemo,
  email: BlockNodeMemo,
  linkedin: BlockNodeMemo,
  trigger: BlockNodeMemo,
  delay: BlockNodeMemo,
  goal: BlockNodeMemo,
};
