import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CONTENT_REQUIRED_ACTION_TYPES,
  LINKEDIN_ACTION_LIMITS,
  LINKEDIN_ACTION_TYPES,
  type LinkedinActionType,
} from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import type { BlockEditorProps } from './block-editor-props';

/**
 * The action and, for the actions that carry text, its subject (InMail) and content with the
 * social network's own character limits counted as the user types (the block check reports text
 * over them rather than the field cutting it).
 */
export function LinkedinBlockEditor({ block, onChange, disabled }: BlockEditorProps<'linkedin'>) {
  const { t } = useTranslation(NAMESPACE);
  const action = block.actionType;
  const limits = action ? LINKEDIN_ACTION_LIMITS[action] : undefined;
  const hasText = action !== null && (CONTENT_REQUIRED_ACTION_TYPES.includes(action) || limits !== undefined);
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('editor.linkedin.action')}>
        <Select<LinkedinActionType>
          aria-label={t('editor.linkedin.action')}
          value={action ?? undefined}
          placeholder={t('editor.linkedin.actionPlaceholder')}
          disabled={disabled}
          onChange={(actionType) => onChange({ ...block, actionType })}
          options={LINKEDIN_ACTION_TYPES.map((value) => ({ value, label: t(`editor.linkedin.actions.${value}`) }))}
        />
      </Form.Item>
      {action === 'in_mail' ? (
        <Form.Item label={t('editor.linkedin.subject')} htmlFor={`linkedin-subject-${block.id}`}>
          <Input
            id={`linkedin-subject-${block.id}`}
            value={block.subject}
            disabled={disabled}
            count={limits?.subject !== undefined ? { show: true, max: limits.subject } : undefined}
            onChange={(event) => onChange({ ...block, subject: event.target.value })}
          />
        </Form.Item>
      ) : null}
      {hasText ? (
        <Form.Item
          label={t('editor.linkedin.content')}
          htmlFor={`linkedin-content-${block.id}`}
          extra={limits ? t('editor.linkedin.limit', { max: limits.content }) : undefined}
        >
          <Input.TextArea
            id={`linkedin-content-${block.id}`}
            value={block.content}
            disabled={disabled}
            autoSize={{ minRows: 4, maxRows: 14 }}
            count={limits ? { show: true, max: limits.content } : undefined}
            onChange={(event) => onChange({ ...block, content: event.target.value })}
          />
        </Form.Item>
      ) : action ? (
        <Typography.Paragraph type="secondary">{t('editor.linkedin.noText')}</Typography.Paragraph>
      ) : null}
    </Form>
  );
}
