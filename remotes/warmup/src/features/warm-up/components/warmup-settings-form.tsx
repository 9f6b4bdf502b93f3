import { useEffect } from 'react';
import { Button, Form, InputNumber, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { WARMUP_SETTING_BOUNDS, type WarmupSettings } from '@leadforge/contracts';
import { isApiError } from '@leadforge/api-client';
import { NAMESPACE } from '../../../i18n';

/** The form's own value for "no schedule": the mailbox's own sending window (null in the contract). */
const OWN_WINDOW = 'own';

type FormValues = Omit<WarmupSettings, 'scheduleId'> & { scheduleId: number | typeof OWN_WINDOW };

const FIELDS = ['startVolume', 'dailyIncrease', 'ceiling', 'replyRate', 'weekdaysOnly', 'scheduleId'] as const;

export type WarmupScheduleOption = { id: number; name: string; timezone: string };

export type WarmupSettingsFormProps = {
  settings: WarmupSettings;
  /** The plan's highest ceiling (user-limits). */
  maxCeiling: number;
  schedules: WarmupScheduleOption[];
  schedulesLoading: boolean;
  saving: boolean;
  /** Saves the settings; a refusal naming a field is shown under it, any other goes to `onRefused`. */
  onSubmit: (settings: WarmupSettings) => Promise<void>;
  onRefused: (error: unknown) => void;
};

/** A mailbox's warm-up settings: the ramp, the reply rate and when it sends. */
export function WarmupSettingsForm({ settings, maxCeiling, schedules, schedulesLoading, saving, onSubmit, onRefused }: WarmupSettingsFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [form] = Form.useForm<FormValues>();
  const ceilingMax = Math.min(WARMUP_SETTING_BOUNDS.ceiling.max, maxCeiling);

  useEffect(() => {
    form.setFieldsValue({ ...settings, scheduleId: settings.scheduleId ?? OWN_WINDOW });
  }, [form, settings]);

  const between = (min: number, max: number, message: string): Rule => ({
    validator: async (_, value: number | null | undefined) => {
      if (value === null || value === undefined || !Number.isInteger(value) || value < min || value > max) throw new Error(message);
    },
  });

  const handleFinish = async (values: FormValues) => {
    try {
      await onSubmit({ ...values, scheduleId: values.scheduleId === OWN_WINDOW ? null : values.scheduleId });
    } catch (error) {
      const byField = isApiError(error) ? error.fieldErrors() : {};
      const marks = FIELDS.filter((name) => byField[name]).map((name) => ({ name, errors: byField[name]!.map((item) => item.description || item.title) }));
      if (marks.length > 0) form.setFields(marks);
      else onRefused(error);
    }
  };

  const bounds = WARMUP_SETTING_BOUNDS;
  return (
    <Form<FormValues> form={form} layout="vertical" onFinish={(values) => void handleFinish(values)} style={{ maxWidth: 480 }}>
      <Form.Item
        name="startVolume"
        label={t('warmUp.settings.startVolume')}
        extra={t('warmUp.settings.startVolumeHelp')}
        dependencies={['ceiling']}
        rules={[
          between(bounds.startVolume.min, bounds.startVolume.max, t('warmUp.settings.between', { min: bounds.startVolume.min, max: bounds.startVolume.max })),
          ({ getFieldValue }) => ({
            validator: async (_, value: number | null) => {
              const ceiling = getFieldValue('ceiling') as number | null;
              if (value !== null && ceiling !== null && value > ceiling) throw new Error(t('warmUp.settings.startAboveCeiling'));
            },
          }),
        ]}
      >
        <InputNumber precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="dailyIncrease"
        label={t('warmUp.settings.dailyIncrease')}
        extra={t('warmUp.settings.dailyIncreaseHelp')}
        rules={[between(bounds.dailyIncrease.min, bounds.dailyIncrease.max, t('warmUp.settings.between', { min: bounds.dailyIncrease.min, max: bounds.dailyIncrease.max }))]}
      >
        <InputNumber precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="ceiling"
        label={t('warmUp.settings.ceiling')}
        extra={t('warmUp.settings.ceilingHelp', { max: ceilingMax })}
        rules={[
          between(bounds.ceiling.min, Number.MAX_SAFE_INTEGER, t('warmUp.settings.between', { min: bounds.ceiling.min, max: ceilingMax })),
          {
            validator: async (_, value: number | null) => {
              if (value !== null && value > ceilingMax) throw new Error(t('warmUp.settings.ceilingAbovePlan', { max: ceilingMax }));
            },
          },
        ]}
      >
        <InputNumber precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="replyRate"
        label={t('warmUp.settings.replyRate')}
        extra={t('warmUp.settings.replyRateHelp')}
        rules={[between(bounds.replyRate.min, bounds.replyRate.max, t('warmUp.settings.between', { min: bounds.replyRate.min, max: bounds.replyRate.max }))]}
      >
        <InputNumber precision={0} suffix="%" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="weekdaysOnly" label={t('warmUp.settings.weekdaysOnly')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="scheduleId" label={t('warmUp.settings.schedule')} extra={t('warmUp.settings.scheduleHelp')}>
        <Select<number | typeof OWN_WINDOW>
          loading={schedulesLoading}
          options={[
            { value: OWN_WINDOW, label: t('warmUp.settings.ownWindow') },
            ...schedules.map((schedule) => ({ value: schedule.id, label: t('warmUp.settings.scheduleOption', { name: schedule.name, timezone: schedule.timezone }) })),
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('warmUp.settings.save')}
      </Button>
    </Form>
  );
}
