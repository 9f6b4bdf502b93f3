import { useState } from 'react';
import { Checkbox, Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEGREE_LEVELS,
  DEGREE_TRIGGER_TYPES,
  EMAIL_TRIGGER_TYPES,
  SOCIAL_TRIGGER_TYPES,
  type TriggerType,
} from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { windowMaxIn, windowMinutes, windowParts, type WindowUnit } from '../utils/time-units';
import type { BlockEditorProps } from './block-editor-props';

const WINDOW_UNITS: readonly WindowUnit[] = ['minutes', 'hours', 'days'];
const PER_UNIT: Record<WindowUnit, number> = { minutes: 1, hours: 60, days: 24 * 60 };

/**
 * The condition, the window it is waited for (stored in minutes, 1 minute to 30 days) and, for the
 * connection-degree trigger only, the degrees that go Yes.
 */
export function TriggerBlockEditor({ block, onChange, disabled }: BlockEditorProps<'trigger'>) {
  const { t } = useTranslation(NAMESPACE);
  const [unit, setUnit] = useState<WindowUnit>(() => windowParts(block.time).unit);
  const shown = block.time === null || block.time === 0 ? null : block.time / PER_UNIT[unit];
  const usesDegrees = block.triggerType !== null && DEGREE_TRIGGER_TYPES.includes(block.triggerType);
  const handleType = (triggerType: TriggerType) =>
    onChange({ ...block, triggerType, degreeLevels: DEGREE_TRIGGER_TYPES.includes(triggerType) ? block.degreeLevels : [] });
  const handleUnit = (next: WindowUnit) => {
    setUnit(next);
    if (shown !== null) onChange({ ...block, time: windowMinutes(shown, next) });
  };
  const group = (types: readonly TriggerType[]) => types.map((value) => ({ value, label: t(`editor.trigger.types.${value}`) }));
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('editor.trigger.type')} extra={t('editor.trigger.help')}>
        <Select<TriggerType>
          aria-label={t('editor.trigger.type')}
          value={block.triggerType ?? undefined}
          placeholder={t('editor.trigger.typePlaceholder')}
          disabled={disabled}
          onChange={handleType}
          options={[
            { label: t('editor.trigger.emailGroup'), options: group(EMAIL_TRIGGER_TYPES) },
            { label: t('editor.trigger.linkedinGroup'), options: group(SOCIAL_TRIGGER_TYPES) },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('editor.trigger.window')} extra={t('editor.trigger.windowHelp')}>
        <Space.Compact>
          <InputNumber
            aria-label={t('editor.trigger.windowAmount')}
            min={1}
            max={windowMaxIn(unit)}
            precision={unit === 'minutes' ? 0 : undefined}
            value={shown}
            disabled={disabled}
            onChange={(value) => onChange({ ...block, time: windowMinutes(value, unit) })}
          />
          <Select
            aria-label={t('editor.trigger.windowUnit')}
            value={unit}
            disabled={disabled}
            style={{ width: 130 }}
            options={WINDOW_UNITS.map((value) => ({ value, label: t(`editor.unitNames.${value}`) }))}
            onChange={handleUnit}
          />
        </Space.Compact>
      </Form.Item>
      {usesDegrees ? (
        <Form.Item label={t('editor.trigger.degrees')} extra={t('editor.trigger.degreesHelp')}>
          <Checkbox.Group<number>
            value={block.degreeLevels}
            disabled={disabled}
            options={DEGREE_LEVELS.map((level) => ({ value: level, label: t(`editor.trigger.degree.${level}`) }))}
            onChange={(levels) => onChange({ ...block, degreeLevels: [...levels].sort((a, b) => a - b) })}
          />
        </Form.Item>
      ) : null}
    </Form>
  );
}
