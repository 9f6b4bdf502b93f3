import { useState } from 'react';
import { Button, Drawer, Flex, Form, Input, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@leadforge/api-client';
import { SCHEDULE_NAME_MAX, WEEK_DAYS, scheduleIssues, type Schedule } from '@leadforge/contracts';
import { useApiErrorModal, useIsPhone, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useListScheduleTimeZones } from '../api/list-schedule-time-zones';
import { useSaveSchedule } from '../api/save-schedule';
import { FROM_TIMES, TO_TIMES, formValuesOf, type ScheduleFormValues } from '../utils/schedule-form';

/** The schedule to change, or a new one. */
export type ScheduleEditorTarget = { kind: 'edit'; schedule: Schedule } | { kind: 'new' };

export type ScheduleEditorDrawerProps = {
  /** null keeps the drawer closed. */
  target: ScheduleEditorTarget | null;
  onClose: () => void;
};

const toOptions = (times: readonly string[]) => times.map((time) => ({ value: time, label: time }));

/** A field path the server names (`days.2.to`) as the form's path. */
function fieldPath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Adding or changing a schedule: name, time zone, and for each day of the week whether it sends
 * and from when to when ('h:mm AM/PM' on the half hour). The rules of contracts' scheduleIssues
 * (at least one day; each day ends after it starts) are checked before saving and again by the
 * server; a changed schedule applies to the campaigns on it from their next send.
 */
export function ScheduleEditorDrawer({ target, onClose }: ScheduleEditorDrawerProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const isPhone = useIsPhone();
  const [form] = Form.useForm<ScheduleFormValues>();
  const zones = useListScheduleTimeZones(target !== null);
  const save = useSaveSchedule();

  const [weekError, setWeekError] = useState<string | null>(null);

  /** Errors about the whole week (no enabled day) go above the days; a day's under its end time. */
  const markIssues = (issues: { key: string; field?: string }[]) => {
    const week = issues.find((issue) => !issue.field || issue.field === 'days');
    setWeekError(week ? t(`errors:${week.key}.description`) : null);
    form.setFields(
      issues
        .filter((issue) => issue !== week)
        .map((issue) => ({ name: fieldPath(issue.field!) as never, errors: [t(`errors:${issue.key}.description`)] })),
    );
  };

  const handleFinish = async (values: ScheduleFormValues) => {
    const issues = scheduleIssues(values.days);
    if (issues.length > 0) {
      markIssues(issues);
      return;
    }
    try {
      await save.mutateAsync({ body: { ...(target?.kind === 'edit' ? { id: target.schedule.id } : {}), ...values } });
      toast.success(t('library.schedules.toasts.saved', { name: values.name }));
      onClose();
    } catch (error) {
      const items = isApiError(error) ? error.errors.filter((item) => item.field) : [];
      if (items.length > 0) markIssues(items);
      else showError(error);
    }
  };

  return (
    <Drawer
      open={target !== null}
      title={target?.kind === 'edit' ? t('library.schedules.editTitle', { name: target.schedule.name }) : t('library.schedules.newTitle')}
      size={isPhone ? 'default' : 'large'}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common:actions.save')}
          </Button>
        </Flex>
      }
    >
      {target ? (
        <Form<ScheduleFormValues>
          form={form}
          name="schedule-editor"
          layout="vertical"
          initialValues={formValuesOf(target.kind === 'edit' ? target.schedule : null)}
          onFinish={(values) => void handleFinish(values)}
        >
          <Form.Item name="name" label={t('library.schedules.fields.name')} rules={[{ required: true, whitespace: true, message: t('library.required') }]}>
            <Input maxLength={SCHEDULE_NAME_MAX} />
          </Form.Item>
          <Form.Item name="timezone" label={t('library.schedules.fields.timezone')} rules={[{ required: true, message: t('library.required') }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={zones.isPending}
              options={(zones.data?.timeZones ?? []).map((zone) => ({ value: zone.id, label: zone.name }))}
            />
          </Form.Item>
          <Typography.Title level={5}>{t('library.schedules.fields.days')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('library.schedules.daysHelp')}</Typography.Paragraph>
          {weekError ? (
            <Typography.Paragraph type="danger" role="alert">
              {weekError}
            </Typography.Paragraph>
          ) : null}
          {WEEK_DAYS.map((day, index) => {
            const dayName = t(`library.days.${day}`);
            return (
              <Flex key={day} gap={8} align="baseline" wrap data-testid={`schedule-day-${day}`}>
                <Form.Item name={['days', index, 'day']} hidden>
                  <Input />
                </Form.Item>
                <Flex gap={8} align="center" style={{ width: 150 }}>
                  <Form.Item name={['days', index, 'enabled']} valuePropName="checked" noStyle>
                    <Switch size="small" aria-label={t('library.schedules.sendsOn', { day: dayName })} onChange={() => setWeekError(null)} />
                  </Form.Item>
                  <span>{dayName}</span>
                </Flex>
                <Form.Item noStyle dependencies={[['days', index, 'enabled']]}>
                  {({ getFieldValue }) => {
                    const on = Boolean(getFieldValue(['days', index, 'enabled']));
                    return (
                      <>
                        <Form.Item name={['days', index, 'from']}>
                          <Select disabled={!on} style={{ width: 120 }} aria-label={t('library.schedules.fromOf', { day: dayName })} options={toOptions(FROM_TIMES)} />
                        </Form.Item>
                        <Form.Item name={['days', index, 'to']}>
                          <Select disabled={!on} style={{ width: 120 }} aria-label={t('library.schedules.toOf', { day: dayName })} options={toOptions(TO_TIMES)} />
                        </Form.Item>
                      </>
                    );
                  }}
                </Form.Item>
              </Flex>
            );
          })}
        </Form>
      ) : null}
    </Drawer>
  );
}
