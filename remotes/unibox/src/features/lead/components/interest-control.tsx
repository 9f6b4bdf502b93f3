import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { INTEREST_LEVELS, type InterestLevel } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

export type InterestControlProps = {
  value: InterestLevel | null;
  disabled: boolean;
  /** Null when the selected level is clicked again: the interest is cleared. */
  onChange(next: InterestLevel | null): void;
};

/**
 * Three toggle buttons rather than antd Segmented: Segmented cannot be emptied, and clicking the
 * selected level must clear it.
 */
export function InterestControl({ value, disabled, onChange }: InterestControlProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Space.Compact role="group" aria-label={t('lead.interest.label')}>
      {INTEREST_LEVELS.map((level) => (
        <Button
          key={level}
          size="small"
          type={value === level ? 'primary' : 'default'}
          aria-pressed={value === level}
          disabled={disabled}
          onClick={() => onChange(value === level ? null : level)}
        >
          {t(`lead.interest.${level}`)}
        </Button>
      ))}
    </Space.Compact>
  );
}
