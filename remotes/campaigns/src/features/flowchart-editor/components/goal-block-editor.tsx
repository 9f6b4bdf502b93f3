import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import type { BlockEditorProps } from './block-editor-props';

/** Same bound as the contract's goal_name. */
const GOAL_NAME_MAX = 100;

export function GoalBlockEditor({ block, onChange, disabled }: BlockEditorProps<'goal'>) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('editor.goal.name')} htmlFor={`goal-name-${block.id}`} extra={t('editor.goal.help')}>
        <Input
          id={`goal-name-${block.id}`}
          value={block.goal_name}
          maxLength={GOAL_NAME_MAX}
          disabled={disabled}
          placeholder={t('editor.goal.placeholder')}
          onChange={(event) => onChange({ ...block, goal_name: event.target.value })}
        />
      </Form.Item>
    </Form>
  );
}
