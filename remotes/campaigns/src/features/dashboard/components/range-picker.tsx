import { DatePicker, Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { RANGE_PRESETS, clampRange, lastDays, type DayRange } from '../utils/date-range';

export type RangePreset = (typeof RANGE_PRESETS)[number] | 'custom';

export type DashboardRangePickerProps = {
  preset: RangePreset;
  onChange: (range: DayRange, preset: RangePreset) => void;
};

/** The last 7, 30 or 90 days, or any range of days (at most a year, which the API allows). */
export function DashboardRangePicker({ preset, onChange }: DashboardRangePickerProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Flex gap={8} wrap align="center">
      <Segmented
        aria-label={t('dashboard.range.label')}
        value={preset}
        onChange={(value) => {
          if (value !== 'custom') onChange(lastDays(new Date(), value as number), value as RangePreset);
        }}
        options={[
          ...RANGE_PRESETS.map((days) => ({ value: days, label: t('dashboard.range.lastDays', { count: days }) })),
          { value: 'custom', label: t('dashboard.range.custom'), disabled: true },
        ]}
      />
      <DatePicker.RangePicker
        aria-label={t('dashboard.range.pick')}
        format="YYYY-MM-DD"
        allowClear={false}
        onChange={(_dates, [from, to]) => {
          if (from && to) onChange(clampRange({ from, to }), 'custom');
        }}
      />
    </Flex>
  );
}
