import { Checkbox, Divider, Flex, Form, Select, Typography } from 'antd';
import { DrawerForm, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@leadforge/api-client';
import { CONNECT_LIMIT_MAX, LINKEDIN_ACCOUNT_DEFAULTS, LINKEDIN_ACTION_TYPES, WEEK_DAYS, type LinkedinAccount } from '@leadforge/contracts';
import { useApiErrorModal, useIsPhone, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useListLinkedinProxies } from '../api/list-linkedin-proxies';
import { useListTimeZones } from '../api/list-time-zones';
import { useSetLinkedinProxy } from '../api/set-linkedin-proxy';
import { useSetLinkedinTimeZone } from '../api/set-linkedin-time-zone';
import { useUpdateLinkedinAccount } from '../api/update-linkedin-account';
import { proxyFieldOf } from '../utils/proxy-form';
import { changesOf, safeMaxOf, settingsFieldOf, settingsFormOf, type SettingsFormValues } from '../utils/settings-form';
import { minutesToTime, timeChoices } from '../utils/working-hours';
import { ProxyFields, TimeZoneField } from './proxy-fields';

/** The smallest and largest pause the API takes between two actions of one account. */
const GAP_SECONDS = { min: 30, max: 3_600 } as const;

export type SettingsDrawerProps = {
  /** The account being set up; null keeps the drawer closed. */
  account: LinkedinAccount | null;
  onClose: () => void;
};

type Mark = { name: (string | number)[]; errors: string[] };

/**
 * An account's settings: its name, the daily limit of each action (never above the safe maximum
 * the network tolerates), working hours per weekday on its own clock, the random pause between
 * actions, the pending-invitation limit, the proxy and the time zone.
 */
export function SettingsDrawer({ account, onClose }: SettingsDrawerProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const isPhone = useIsPhone();
  const [form] = Form.useForm<SettingsFormValues>();
  const open = account !== null;
  const proxies = useListLinkedinProxies(open);
  const timeZones = useListTimeZones(open);
  const update = useUpdateLinkedinAccount();
  const setProxy = useSetLinkedinProxy();
  const setTimeZone = useSetLinkedinTimeZone();
  const initial = account ? settingsFormOf(account) : undefined;
  const times = timeChoices(initial ? WEEK_DAYS.flatMap((day) => [initial.hours[day].from, initial.hours[day].to]) : []).map((minutes) => ({
    value: minutes,
    label: minutesToTime(minutes),
  }));

  const handleFinish = async (values: SettingsFormValues) => {
    if (!account || !initial) return true;
    const changes = changesOf(account, { ...initial, ...values, hours: { ...initial.hours, ...values.hours }, proxy: { ...initial.proxy, ...values.proxy } });
    // Which call failed decides where its errors go: the PATCH names its own fields, the proxy and zone calls theirs.
    let stage: 'settings' | 'proxy' | 'timezone' = 'settings';
    try {
      await update.mutateAsync({ params: { id: account.id }, body: changes.settings });
      if (changes.proxy) {
        stage = 'proxy';
        await setProxy.mutateAsync({ params: { id: account.id }, body: changes.proxy });
      }
      if (changes.timezone) {
        stage = 'timezone';
        await setTimeZone.mutateAsync({ params: { id: account.id }, body: { timezone: changes.timezone } });
      }
      toast.success(t('linkedinAccounts.toasts.saved', { name: changes.settings.name || account.name }));
      return true;
    } catch (error) {
      const items = isApiError(error) ? error.errors : [];
      const marks: Mark[] = [];
      for (const item of items) {
        const name =
          stage === 'settings'
            ? item.field
              ? settingsFieldOf(item.field, changes.settings)
              : null
            : stage === 'proxy'
              ? proxyFieldOf(item.field, item.key, changes.proxy?.kind ?? 'builtin')
              : ['timezone'];
        if (name) marks.push({ name, errors: [t(`errors:${item.key}.description`)] });
      }
      if (marks.length === 0) showError(error);
      else form.setFields(marks as Parameters<typeof form.setFields>[0]);
      return false;
    }
  };

  const required = { required: true, message: t('linkedinAccounts.form.required') };

  return (
    <DrawerForm<SettingsFormValues>
      key={account?.id ?? 'closed'}
      form={form}
      name="linkedin-settings"
      open={open}
      title={account ? t('linkedinAccounts.settings.title', { name: account.name }) : ''}
      initialValues={initial}
      omitNil={false}
      // A phone gets the whole width: a fixed drawer would stick out of its screen.
      width={isPhone ? '100%' : 620}
      layout="vertical"
      autoFocusFirstInput={false}
      drawerProps={{ destroyOnHidden: true, onClose }}
      onOpenChange={(next) => (next ? undefined : onClose())}
      submitter={{ searchConfig: { submitText: t('common:actions.save'), resetText: t('common:actions.cancel') } }}
      onFinish={handleFinish}
    >
      <ProFormText name="name" label={t('linkedinAccounts.settings.name')} fieldProps={{ maxLength: 255 }} rules={[{ ...required, whitespace: true }]} />

      <Divider titlePlacement="start">{t('linkedinAccounts.settings.limits')}</Divider>
      <Typography.Paragraph type="secondary">{t('linkedinAccounts.settings.limitsHelp')}</Typography.Paragraph>
      <Flex gap={12} wrap>
        {LINKEDIN_ACTION_TYPES.map((action) => {
          const max = safeMaxOf(action);
          return (
            <ProFormDigit
              key={action}
              name={['limits', action]}
              label={t(`linkedinAccounts.actionNames.${action}`)}
              width="xs"
              min={0}
              max={max}
              fieldProps={{ precision: 0 }}
              extra={t('linkedinAccounts.settings.safeMax', { max })}
              rules={[
                required,
                {
                  validator: (_rule: unknown, value: number | null | undefined) =>
                    value === null || value === undefined || value <= max
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('linkedinAccounts.settings.aboveSafeMax', { max }))),
                },
              ]}
            />
          );
        })}
      </Flex>

      <Divider titlePlacement="start">{t('linkedinAccounts.settings.hours')}</Divider>
      <Typography.Paragraph type="secondary">{t('linkedinAccounts.settings.hoursHelp')}</Typography.Paragraph>
      {WEEK_DAYS.map((day) => (
        <Flex key={day} gap={8} align="baseline" wrap data-testid={`hours-${day}`}>
          <Form.Item name={['hours', day, 'on']} valuePropName="checked" style={{ width: 140 }}>
            <Checkbox>{t(`linkedinAccounts.days.${day}`)}</Checkbox>
          </Form.Item>
          <Form.Item noStyle dependencies={[['hours', day, 'on']]}>
            {({ getFieldValue }) => {
              const on = Boolean(getFieldValue(['hours', day, 'on']));
              return (
                <>
                  <Form.Item name={['hours', day, 'from']}>
                    <Select
                      disabled={!on}
                      style={{ width: 100 }}
                      aria-label={t('linkedinAccounts.settings.fromOf', { day: t(`linkedinAccounts.days.${day}`) })}
                      options={times.filter((time) => time.value < 1_440)}
                      // 97 times: typing "17" finds 17:00 without scrolling.
                      showSearch={{ optionFilterProp: 'label' }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={['hours', day, 'to']}
                    dependencies={[
                      ['hours', day, 'from'],
                      ['hours', day, 'on'],
                    ]}
                    rules={[
                      {
                        validator: (_rule: unknown, value: number) =>
                          !getFieldValue(['hours', day, 'on']) || value > (getFieldValue(['hours', day, 'from']) as number)
                            ? Promise.resolve()
                            : Promise.reject(new Error(t('linkedinAccounts.settings.hoursOrder'))),
                      },
                    ]}
                  >
                    <Select
                      disabled={!on}
                      style={{ width: 100 }}
                      aria-label={t('linkedinAccounts.settings.toOf', { day: t(`linkedinAccounts.days.${day}`) })}
                      options={times.filter((time) => time.value > 0)}
                      showSearch={{ optionFilterProp: 'label' }}
                    />
                  </Form.Item>
                </>
              );
            }}
          </Form.Item>
        </Flex>
      ))}

      <Divider titlePlacement="start">{t('linkedinAccounts.settings.pace')}</Divider>
      <Flex gap={12} wrap>
        <ProFormDigit
          name="minGapSeconds"
          label={t('linkedinAccounts.settings.minGap')}
          width="sm"
          min={GAP_SECONDS.min}
          max={GAP_SECONDS.max}
          fieldProps={{ precision: 0 }}
          rules={[required]}
        />
        <ProFormDigit
          name="maxGapSeconds"
          label={t('linkedinAccounts.settings.maxGap')}
          width="sm"
          min={GAP_SECONDS.min}
          max={GAP_SECONDS.max}
          fieldProps={{ precision: 0 }}
          dependencies={['minGapSeconds']}
          rules={[
            required,
            {
              validator: (_rule: unknown, value: number | null | undefined) =>
                value === null || value === undefined || value >= ((form.getFieldValue('minGapSeconds') as number | null) ?? 0)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('linkedinAccounts.settings.gapOrder'))),
            },
          ]}
        />
        <ProFormDigit
          name="connectLimit"
          label={t('linkedinAccounts.settings.connectLimit')}
          width="sm"
          min={1}
          max={CONNECT_LIMIT_MAX}
          fieldProps={{ precision: 0 }}
          extra={t('linkedinAccounts.settings.connectLimitHelp', { limit: LINKEDIN_ACCOUNT_DEFAULTS.connectLimit })}
          rules={[required]}
        />
      </Flex>

      <Divider titlePlacement="start">{t('linkedinAccounts.settings.network')}</Divider>
      <ProxyFields
        countries={proxies.data?.countries ?? []}
        countriesLoading={proxies.isPending}
        hasSavedPassword={account?.proxy?.kind === 'custom' && account.proxy.hasPassword}
      />
      <TimeZoneField timeZones={timeZones.data?.timeZones ?? []} loading={timeZones.isPending} current={account?.timezone ?? 'UTC'} />
    </DrawerForm>
  );
}
