import { useState } from 'react';
import { Alert, Checkbox, Divider, Flex, Form, InputNumber, Select, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MAILBOX_DEFAULTS, type CampaignCommonSettings, type CampaignMoment, type CampaignUserInfo, type CampaignView } from '@leadforge/contracts';
import { useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useListSchedules } from '../../schedules/api/list-schedules';
import { usePutCampaignCommonSettings, usePutCampaignSenderLinkedin, usePutCampaignTimeSettings } from '../api/save-campaign-section';
import { useSenderAccounts } from '../api/sender-accounts';
import { pickMoment, type MomentPair } from '../utils/moment-slots';
import { commonSettingsOf } from '../utils/settings';
import { MomentPicker } from './moment-picker';
import { SaveStatus } from './save-status';

export type SendingOptionsStepProps = { campaign: CampaignView; userInfo: CampaignUserInfo };

const TOGGLES = ['stopForReply', 'trackOpen', 'unsubscribeHeader', 'automaticallyComplete', 'providerMatching'] as const;

/** The browser's zone, for a start or end picked without a schedule. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Step 3: how the campaign sends — mailboxes (several, rotated), LinkedIn accounts, the named
 * schedule with start and end on half-hour slots, daily limits, stop on reply, open tracking,
 * link wrapping (by plan), the unsubscribe header, completion and priorities. Each change is
 * saved at once.
 */
export function SendingOptionsStep({ campaign, userInfo }: SendingOptionsStepProps) {
  const { t } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const accounts = useSenderAccounts();
  const schedules = useListSchedules();
  const putCommon = usePutCampaignCommonSettings();
  const putTime = usePutCampaignTimeSettings();
  const putLinkedin = usePutCampaignSenderLinkedin();
  const [settings, setSettings] = useState<CampaignCommonSettings>(() => commonSettingsOf(campaign));
  const [schedule, setSchedule] = useState<number | null>(campaign.schedule);
  const [moments, setMoments] = useState<MomentPair>({ startAt: campaign.startAt, completeAt: campaign.completeAt });
  const [linkedin, setLinkedin] = useState<number[]>(campaign.senderLinkedinAccounts);
  const readOnly = !campaign.editable;
  const onError = { onError: (error: Error) => showError(error) };

  const change = (patch: Partial<CampaignCommonSettings>) => {
    const next = { ...settings, ...patch };
    setSettings(next);
    putCommon.mutate({ params: { id: campaign.campaignId }, body: next }, onError);
  };
  const saveTime = (nextSchedule: number | null, next: MomentPair, changed: 'start' | 'end') => {
    setSchedule(nextSchedule);
    setMoments(next);
    putTime.mutate({ params: { id: campaign.campaignId }, body: { schedule: nextSchedule, ...next, changed } }, onError);
  };
  const handleMoment = (changed: 'start' | 'end', value: CampaignMoment | null) => saveTime(schedule, pickMoment(moments, changed, value), changed);
  const handleLinkedin = (ids: number[]) => {
    setLinkedin(ids);
    putLinkedin.mutate({ params: { id: campaign.campaignId }, body: { senderLinkedinAccounts: ids } }, onError);
  };

  const scheduleItems = schedules.data?.items ?? [];
  const zone = scheduleItems.find((item) => item.id === schedule)?.timezone ?? browserTimeZone();
  const emailOptions = (accounts.data?.email ?? []).map((account) => ({
    value: account.id,
    label: (
      <Flex gap={4} align="center">
        {account.email}
        {account.isOwn ? null : <Tag>{account.owner.name}</Tag>}
        {account.sendable ? null : <Tag color="error">{t('wizard.sending.notSendable')}</Tag>}
      </Flex>
    ),
    title: account.email,
  }));
  const linkedinOptions = (accounts.data?.linkedin ?? []).map((account) => ({
    value: account.id,
    label: (
      <Flex gap={4} align="center">
        {account.name}
        {account.issueKey ? <Tag color="error">{t(`errors:${account.issueKey}.title`)}</Tag> : null}
      </Flex>
    ),
    title: account.name,
  }));
  const saving = putCommon.isPending || putTime.isPending || putLinkedin.isPending;
  const failed = putCommon.isError || putTime.isError || putLinkedin.isError;

  return (
    <Form layout="vertical" component="div" disabled={readOnly} style={{ maxWidth: 760 }} data-testid="sending-options-step">
      <Flex justify="flex-end">
        <SaveStatus saving={saving} failed={failed} />
      </Flex>
      <Typography.Title level={5}>{t('wizard.sending.sendersTitle')}</Typography.Title>
      <Form.Item label={t('wizard.sending.emailAccounts')} help={t('wizard.sending.emailAccountsHelp')}>
        <Select
          mode="multiple"
          data-testid="email-accounts-select"
          aria-label={t('wizard.sending.emailAccounts')}
          loading={accounts.isPending}
          value={settings.senderEmailAccounts}
          options={emailOptions}
          optionFilterProp="title"
          onChange={(senderEmailAccounts: number[]) => change({ senderEmailAccounts })}
        />
      </Form.Item>
      <Form.Item label={t('wizard.sending.linkedinAccounts')} help={userInfo.capabilities.socialNetwork ? undefined : t('errors:linkedin_plan_size.description')}>
        <Select
          mode="multiple"
          aria-label={t('wizard.sending.linkedinAccounts')}
          disabled={readOnly || !userInfo.capabilities.socialNetwork}
          loading={accounts.isPending}
          value={linkedin}
          options={linkedinOptions}
          optionFilterProp="title"
          onChange={handleLinkedin}
        />
      </Form.Item>

      <Divider />
      <Typography.Title level={5}>{t('wizard.sending.whenTitle')}</Typography.Title>
      <Form.Item label={t('wizard.sending.schedule')} extra={<Link to="/campaigns/schedules">{t('wizard.sending.manageSchedules')}</Link>}>
        <Select
          allowClear
          aria-label={t('wizard.sending.schedule')}
          placeholder={t('wizard.sending.noSchedule')}
          loading={schedules.isPending}
          value={schedule ?? undefined}
          options={scheduleItems.map((item) => ({ value: item.id, label: `${item.name} (${item.timezone})` }))}
          onChange={(next: number | undefined) => saveTime(next ?? null, moments, 'start')}
        />
      </Form.Item>
      <Form.Item label={t('wizard.sending.start')} help={t('wizard.sending.slotsHelp')}>
        <MomentPicker name="start" value={moments.startAt} timeZone={zone} disabled={readOnly} onChange={(value) => handleMoment('start', value)} />
      </Form.Item>
      <Form.Item label={t('wizard.sending.end')}>
        <MomentPicker name="end" value={moments.completeAt} timeZone={zone} disabled={readOnly} onChange={(value) => handleMoment('end', value)} />
      </Form.Item>

      <Divider />
      <Typography.Title level={5}>{t('wizard.sending.limitsTitle')}</Typography.Title>
      <Flex gap={16} wrap>
        <LimitField label={t('wizard.sending.dailyLimit')} value={settings.dailyLimit} onChange={(dailyLimit) => change({ dailyLimit })} />
        <LimitField label={t('wizard.sending.firstEmailDailyLimit')} value={settings.firstEmailDailyLimit} onChange={(firstEmailDailyLimit) => change({ firstEmailDailyLimit })} />
      </Flex>

      <Divider />
      <Typography.Title level={5}>{t('wizard.sending.optionsTitle')}</Typography.Title>
      <Flex vertical gap={8}>
        {TOGGLES.map((toggle) => (
          <Flex key={toggle} gap={8} align="center">
            <Switch size="small" checked={settings[toggle]} aria-label={t(`wizard.sending.${toggle}`)} onChange={(checked) => change({ [toggle]: checked })} />
            <Typography.Text>{t(`wizard.sending.${toggle}`)}</Typography.Text>
          </Flex>
        ))}
        <Flex gap={8} align="center">
          <Switch
            size="small"
            checked={settings.wrapLinks}
            disabled={readOnly || (!userInfo.capabilities.wrapLinks && !settings.wrapLinks)}
            aria-label={t('wizard.sending.wrapLinks')}
            onChange={(wrapLinks) => change({ wrapLinks })}
          />
          <Typography.Text>{t('wizard.sending.wrapLinks')}</Typography.Text>
        </Flex>
        {!userInfo.capabilities.wrapLinks ? <Alert type="info" showIcon title={t('errors:email_wrap_links_plan_size.title')} description={t('errors:email_wrap_links_plan_size.description')} /> : null}
      </Flex>

      <Divider />
      <Typography.Title level={5}>{t('wizard.sending.prioritiesTitle')}</Typography.Title>
      <Flex gap={16} wrap>
        <Form.Item label={t('wizard.sending.campaignPriority')} help={t('wizard.sending.priorityHelp')}>
          <InputNumber min={-1} max={100} value={settings.campaignPriority} onChange={(value) => value !== null && change({ campaignPriority: value })} />
        </Form.Item>
        <Form.Item label={t('wizard.sending.recipientsPriority')} help={t('wizard.sending.recipientsPriorityHelp')}>
          <InputNumber min={-1} max={100} value={settings.recipientsPriority} onChange={(value) => value !== null && change({ recipientsPriority: value })} />
        </Form.Item>
      </Flex>

      <Divider />
      <Typography.Title level={5}>{t('wizard.sending.dealsTitle')}</Typography.Title>
      <Checkbox disabled checked={campaign.dealsSettings.enabled}>
        {t('wizard.sending.dealsEnabled')}
      </Checkbox>
      <Typography.Paragraph type="secondary">{t('wizard.sending.dealsComing')}</Typography.Paragraph>
    </Form>
  );
}

type LimitFieldProps = { label: string; value: number; onChange(next: number): void };

/**
 * A daily limit: a number, or "no limit" (-1 in the contract). Setting a limit starts from one
 * mailbox's default day, a figure the user already met when connecting mailboxes.
 */
function LimitField({ label, value, onChange }: LimitFieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const unlimited = value === -1;
  return (
    <Form.Item label={label}>
      <Flex gap={8} align="center">
        <InputNumber
          min={0}
          max={100_000}
          aria-label={label}
          disabled={unlimited}
          value={unlimited ? null : value}
          onBlur={(event) => {
            const next = Number(event.target.value);
            if (!unlimited && Number.isInteger(next) && next >= 0 && next !== value) onChange(next);
          }}
        />
        <Checkbox checked={unlimited} onChange={(event) => onChange(event.target.checked ? -1 : MAILBOX_DEFAULTS.dailyLimit)}>
          {t('wizard.sending.noLimit')}
        </Checkbox>
      </Flex>
    </Form.Item>
  );
}
