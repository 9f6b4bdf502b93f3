import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowchartBlock } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { delayParts, windowParts } from '../utils/time-units';

/** One or two lines on the block saying what it does. */
export function BlockSummary({ block }: { block: FlowchartBlock }) {
  const { t } = useTranslation(NAMESPACE);
  const text = summaryOf(block, (key, options) => t(key, options ?? {}));
  return (
    <Typography.Text type={text.empty ? 'secondary' : undefined} ellipsis={{ tooltip: text.value }} style={{ display: 'block' }}>
      {text.value}
    </Typography.Text>
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

function summaryOf(block: FlowchartBlock, t: Translate): { value: string; empty: boolean } {
  switch (block.type) {
    case 'start':
      return { value: t('editor.summary.start'), empty: false };
    case 'email': {
      const subject = block.emails[0]?.subject.trim() ?? '';
      const value = subject || t('editor.summary.noSubject');
      return {
        value: block.emails.length > 1 ? t('editor.summary.variants', { subject: value, n: block.emails.length }) : value,
        empty: !subject,
      };
    }
    case 'linkedin':
      return block.actionType
        ? { value: t(`editor.linkedin.actions.${block.actionType}`), empty: false }
        : { value: t('editor.summary.noAction'), empty: true };
    case 'trigger': {
      if (!block.triggerType) return { value: t('editor.summary.noTrigger'), empty: true };
      const window = windowParts(block.time);
      const condition = t(`editor.trigger.types.${block.triggerType}`);
      if (window.value === null) return { value: condition, empty: false };
      return { value: t('editor.summary.within', { condition, window: t(`editor.units.${window.unit}`, { count: window.value }) }), empty: false };
    }
    case 'delay': {
      const delay = delayParts(block.waiting_val);
      return delay.value === null
        ? { value: t('editor.summary.noDelay'), empty: true }
        : { value: t('editor.summary.wait', { time: t(`editor.units.${delay.unit}`, { count: delay.value }) }), empty: false };
    }
    case 'goal':
      return block.goal_name.trim() ? { value: block.goal_name, empty: false } : { value: t('editor.summary.noGoal'), empty: true };
  }
}
