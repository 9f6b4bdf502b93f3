import { useState } from 'react';
import { Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { delayHours, delayMaxIn, delayParts, type DelayUnit } from '../utils/time-units';
import type { BlockEditorProps } from './block-editor-props';

const DELAY_UNITS: readonly DelayUnit[] = ['days', 'hours'];

/** The wait is stored in hours; the user picks days or hours. */
export function DelayBlockEditor({ block, onChange, disabled }: BlockEditorProps<'delay'>) {
  const { t } = useTranslation(NAMESPACE);
  const [unit, setUnit] = useState<DelayUnit>(() => delayParts(block.waiting_val).unit);
  const shown = block.waiting_val === null ? null : block.waiting_val / (unit === 'days' ? 24 : 1);
  const handleValue = (value: number | null) => onChange({ ...block, waiting_val: delayHours(value, unit) });
  const handleUnit = (next: DelayUnit) => {
    setUnit(next);
    if (shown !== null) onChange({ ...block, waiting_val: delayHours(shown, next) });
  };
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('editor.delay.wait')} extra={t('editor.delay.help')}>
        <Space.Compact>
          <InputNumber
            aria-label={t('editor.delay.amount')}
            min={1}
            max={delayMaxIn(unit)}
            precision={unit === 'hours' ? 0 : undefined}
            value={shown}
            disabled={disabled}
            onChange={handleValue}
          />
          <Select
            aria-label={t('editor.delay.unit')}
            value={unit}
            disabled={disabled}
            style={{ width: 120 }}
            options={DELAY_UNITS.map((value) => ({ value, label: t(`editor.unitNames.${value}`) }))}
            onChange={handleUnit}
          />
        </Space.Compact>
      </Form.Item>
    </Form>
  );
}
