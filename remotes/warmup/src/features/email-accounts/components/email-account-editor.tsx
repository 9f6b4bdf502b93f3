import { Form, Typography } from 'antd';
import {
  DrawerForm,
  ProFormCheckbox,
  ProFormDependency,
  ProFormDigit,
  ProFormGroup,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@leadforge/api-client';
import {
  MAILBOX_DEFAULTS,
  WEEK_DAYS,
  emailAccountSettingsBodySchema,
  type EmailAccount,
  type EmailAccountSettings,
} from '@leadforge/contracts';
import { useApiErrorModal, useIsPhone } from '@leadforge/ui';
import { RichTextEditor } from '@leadforge/ui/rich-text';
import { NAMESPACE } from '../../../i18n';
import { minutesToTime, timeChoices } from '../utils/sending-window';
import { settingsFieldOf, settingsFormOf, settingsOf, type SettingsFormValues } from '../utils/settings-form';
import { SignaturePreview } from './signature-preview';
import { DkimSection } from './dkim-section';

export type TimeZoneOption = { id: string; name: string };

export type EmailAccountEditorProps = {
  /** The mailbox being edited; null keeps the drawer closed. */
  account: EmailAccount | null;
  /** The plan's highest daily limit for one mailbox (the list answers it). */
  dailyLimitMax: number;
  timeZones: TimeZoneOption[];
  timeZonesLoading: boolean;
  onClose: () => void;
  /** Saves the settings; rejects with the API's error, which the drawer shows on its fields. */
  onSubmit: (account: EmailAccount, settings: EmailAccountSettings) => Promise<unknown>;
};

/** The contract's limit on the signature's HTML, checked before sending rather than cut off while typing. */
const SIGNATURE_MAX_LENGTH = emailAccountSettingsBodySchema.shape.signatureHtml.unwrap().maxLength ?? undefined;

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The settings of one mailbox: sender, limits, the pause between sends, window, signature, reply-to, tracking, first sync. */
export function EmailAccountEditor({ account, dailyLimitMax, timeZones, timeZonesLoading, onClose, onSubmit }: EmailAccountEditorProps) {
  const { t } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const isPhone = useIsPhone();
  const [form] = Form.useForm<SettingsFormValues>();
  const initial = account ? settingsFormOf(account, browserTimeZone()) : undefined;
  const times = timeChoices(initial ? [initial.window.from, initial.window.to] : []).map((minutes) => ({ value: minutes, label: minutesToTime(minutes) }));
  const zoneOptions = timeZones.length > 0 ? timeZones.map((zone) => ({ value: zone.id, label: zone.name })) : initial ? [{ value: initial.window.timeZone, label: initial.window.timeZone }] : [];

  const handleFinish = async (values: SettingsFormValues) => {
    if (!account) return true;
    try {
      await onSubmit(account, settingsOf({ ...initial!, ...values, window: { ...initial!.window, ...values.window } }));
      return true;
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.fieldErrors()) : [];
      if (fields.length === 0) {
        showError(error);
        return false;
      }
      const marks = fields.map(([field, items]) => ({ name: settingsFieldOf(field), errors: items.map((item) => t(`errors:${item.key}.description`)) }));
      form.setFields(marks as Parameters<typeof form.setFields>[0]);
      return false;
    }
  };

  return (
    <DrawerForm<SettingsFormValues>
      key={account?.id ?? 'closed'}
      form={form}
      open={account !== null}
      title={account ? t('emailAccounts.edit.title', { email: account.email }) : ''}
      initialValues={initial}
      // Empty fields are answers too (no reply-to, no first-email limit): keep them in the values.
      omitNil={false}
      // A phone gets the whole width: a fixed drawer would stick out of its screen.
      width={isPhone ? '100%' : 560}
      layout="vertical"
      autoFocusFirstInput={false}
      drawerProps={{ destroyOnHidden: true, onClose }}
      onOpenChange={(open) => (open ? undefined : onClose())}
      submitter={{ searchConfig: { submitText: t('common:actions.save'), resetText: t('common:actions.cancel') } }}
      onFinish={handleFinish}
    >
      <ProFormText name="senderName" label={t('emailAccounts.edit.senderName')} fieldProps={{ maxLength: 200 }} />
      <ProFormGroup>
        <ProFormDigit
          name="dailyLimit"
          label={t('emailAccounts.edit.dailyLimit')}
          min={1}
          max={dailyLimitMax}
          fieldProps={{ precision: 0 }}
          tooltip={t('emailAccounts.edit.dailyLimitHelp', { max: dailyLimitMax })}
          rules={[{ required: true, message: t('emailAccounts.edit.required') }]}
        />
        <ProFormDigit
          name="firstEmailDailyLimit"
          label={t('emailAccounts.edit.firstEmailDailyLimit')}
          min={0}
          max={dailyLimitMax}
          fieldProps={{ precision: 0 }}
          placeholder={t('emailAccounts.edit.noSeparateLimit')}
        />
      </ProFormGroup>
      <ProFormGroup title={t('emailAccounts.edit.gap')}>
        <ProFormDigit
          name="minGapSeconds"
          label={t('emailAccounts.edit.minGap')}
          min={0}
          max={MAILBOX_DEFAULTS.gapSecondsMax}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: t('emailAccounts.edit.required') }]}
        />
        <ProFormDigit
          name="maxGapSeconds"
          label={t('emailAccounts.edit.maxGap')}
          min={0}
          max={MAILBOX_DEFAULTS.gapSecondsMax}
          fieldProps={{ precision: 0 }}
          dependencies={['minGapSeconds']}
          rules={[
            { required: true, message: t('emailAccounts.edit.required') },
            {
              validator: (_rule: unknown, value: number | null | undefined) =>
                value === null || value === undefined || value >= ((form.getFieldValue('minGapSeconds') as number | null) ?? 0)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('emailAccounts.edit.gapOrder'))),
            },
          ]}
        />
      </ProFormGroup>

      <ProFormSwitch name={['window', 'limited']} label={t('emailAccounts.edit.windowLimited')} />
      <ProFormDependency name={[['window', 'limited']]}>
        {({ window }: { window?: { limited?: boolean } }) =>
          window?.limited ? (
            <>
              <ProFormCheckbox.Group
                name={['window', 'days']}
                label={t('emailAccounts.edit.windowDays')}
                options={WEEK_DAYS.map((day) => ({ value: day, label: t(`days.short.${day}`) }))}
                rules={[{ required: true, message: t('emailAccounts.edit.windowNoDays') }]}
              />
              <ProFormGroup>
                <ProFormSelect name={['window', 'from']} label={t('emailAccounts.edit.windowFrom')} options={times.filter((time) => time.value < 1_440)} width="xs" />
                <ProFormSelect
                  name={['window', 'to']}
                  label={t('emailAccounts.edit.windowTo')}
                  options={times.filter((time) => time.value > 0)}
                  width="xs"
                  dependencies={[['window', 'from']]}
                  rules={[
                    {
                      validator: (_rule: unknown, value: number) =>
                        value > (form.getFieldValue(['window', 'from']) as number) ? Promise.resolve() : Promise.reject(new Error(t('emailAccounts.edit.windowOrder'))),
                    },
                  ]}
                />
              </ProFormGroup>
              <ProFormSelect
                name={['window', 'timeZone']}
                label={t('emailAccounts.edit.timeZone')}
                options={zoneOptions}
                showSearch
                fieldProps={{ loading: timeZonesLoading, optionFilterProp: 'label' }}
                rules={[{ required: true, message: t('emailAccounts.edit.required') }]}
              />
            </>
          ) : (
            <Typography.Paragraph type="secondary">{t('emailAccounts.window.anyTimeHelp')}</Typography.Paragraph>
          )
        }
      </ProFormDependency>

      <Form.Item
        name="signatureHtml"
        label={t('emailAccounts.edit.signatureLabel')}
        tooltip={t('emailAccounts.edit.signatureHelp')}
        rules={[{ max: SIGNATURE_MAX_LENGTH, message: t('emailAccounts.edit.signatureTooLong', { max: SIGNATURE_MAX_LENGTH }) }]}
      >
        <RichTextEditor
          aria-label={t('emailAccounts.edit.signatureLabel')}
          renderSourcePreview={(html) => <SignaturePreview html={html} />}
        />
      </Form.Item>

      <ProFormText
        name="replyTo"
        label={t('emailAccounts.edit.replyTo')}
        placeholder={t('emailAccounts.edit.replyToPlaceholder')}
        rules={[{ type: 'email', message: t('emailAccounts.edit.replyToInvalid') }]}
      />
      <ProFormText
        name="trackingDomain"
        label={t('emailAccounts.edit.trackingDomain')}
        placeholder="track.example.com"
        extra={t('emailAccounts.edit.trackingDomainHelp')}
      />
      <ProFormSelect
        name="firstSyncDays"
        label={t('emailAccounts.edit.firstSyncDays')}
        extra={t('emailAccounts.edit.firstSyncDaysHelp')}
        options={MAILBOX_DEFAULTS.firstSyncDaysOptions.map((days) => ({ value: days, label: t('emailAccounts.edit.days', { count: days }) }))}
      />
      {account ? <DkimSection key={account.id} account={account} /> : null}
    </DrawerForm>
  );
}
