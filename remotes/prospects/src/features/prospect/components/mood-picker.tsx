import { Segmented, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MOOD_POINT_NAMES, MOOD_POINTS, type ProspectMood } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import type { Access } from '@leadforge/contracts';

export type MoodPickerProps = {
  mood: ProspectMood | undefined;
  access: Access;
  onChange: (point: (typeof MOOD_POINTS)[number]) => void;
};

/** Mood of the prospect (0 not set, 1 interested, 2 maybe, 3 not interested), and who set it. */
export function MoodPicker({ mood, access, onChange }: MoodPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  if (access === 'hidden' || !mood) return null;
  const options = MOOD_POINTS.map((point) => ({ value: point, label: t(`mood.${MOOD_POINT_NAMES[point]}`) }));
  return (
    <Space>
      <Typography.Text strong>{t('mood.title')}</Typography.Text>
      {access === 'edit' ? (
        <Segmented aria-label={t('mood.title')} value={mood.point} options={options} onChange={onChange} />
      ) : (
        <Typography.Text>{t(`mood.${MOOD_POINT_NAMES[mood.point]}`)}</Typography.Text>
      )}
      <Tag>{t(`mood.type.${mood.type}`)}</Tag>
    </Space>
  );
}
