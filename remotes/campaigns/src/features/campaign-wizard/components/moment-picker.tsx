import { Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampaignMoment } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { MOMENT_TIME_OPTIONS } from '../utils/moment-slots';

export type MomentPickerProps = {
  /** Labels the inputs: "start" or "end". */
  name: 'start' | 'end';
  value: CampaignMoment | null;
  /** The zone a new value is written in (the schedule's, or the browser's). */
  timeZone: string;
  disabled?: boolean;
  onChange(next: CampaignMoment | null): void;
};

/** A date and one of the 48 half-hour slots of that day; clearing it means "no start/end set". */
export function MomentPicker({ name, value, timeZone, disabled, onChange }: MomentPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const time = value?.time ?? MOMENT_TIME_OPTIONS[18]!;
  return (
    <Flex gap={8} align="center" data-testid={`moment-${name}`}>
      <Input
        type="date"
        aria-label={t(`wizard.sending.${name}Date`)}
        disabled={disabled}
        value={value?.date ?? ''}
        onChange={(event) => onChange(event.target.value ? { date: event.target.value, time, timeZone: value?.timeZone ?? timeZone } : null)}
        style={{ width: 160 }}
      />
      <Select
        aria-label={t(`wizard.sending.${name}Time`)}
        disabled={disabled || value === null}
        value={value?.time}
        placeholder={t('wizard.sending.timePlaceholder')}
        style={{ width: 120 }}
        options={MOMENT_TIME_OPTIONS.map((option) => ({ value: option, label: option }))}
        onChange={(next: string) => value && onChange({ ...value, time: next })}
      />
      {value ? (
        <Button type="link" size="small" disabled={disabled} onClick={() => onChange(null)}>
          {t('wizard.sending.clear')}
        </Button>
      ) : null}
    </Flex>
  );
}
