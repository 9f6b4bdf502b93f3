import { useState } from 'react';
import { Alert, Checkbox, Descriptions, Flex, Form, Select, Skeleton, Statistic, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampaignCommonSettings, CampaignView } from '@leadforge/contracts';
import { ErrorState, useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useCampaignProspects } from '../api/campaign-prospects';
import { useCustomTags } from '../api/list-tags';
import { usePutCampaignCommonSettings } from '../api/save-campaign-section';
import { useTeamProspectLists } from '../api/team-prospect-lists';
import { commonSettingsOf } from '../utils/settings';
import { SaveStatus } from './save-status';

export type ProspectsStepProps = { campaign: CampaignView };

const SKIP_REASONS = ['noEmail', 'noSend', 'duplicates', 'usedInOtherCampaigns', 'tags', 'invalid', 'catchAll', 'notVerified', 'needToCheck'] as const;
const ADDRESS_CHOICES = ['sendToAll', 'catchAll', 'notVerified', 'needToCheck'] as const;

/**
 * Step 2: who receives the campaign — the prospect list and the no-send list (both needed to
 * launch), tags to include or exclude, duplicates, which verification results still receive it,
 * and skipping prospects used in other campaigns. Every change is saved at once and the count of
 * recipients a launch would add is read again from the server.
 */
export function ProspectsStep({ campaign }: ProspectsStepProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const lists = useTeamProspectLists();
  const tags = useCustomTags();
  const count = useCampaignProspects(campaign.campaignId);
  const put = usePutCampaignCommonSettings();
  const [settings, setSettings] = useState<CampaignCommonSettings>(() => commonSettingsOf(campaign));
  const readOnly = !campaign.editable || campaign.status !== 'new';

  const change = (patch: Partial<CampaignCommonSettings>) => {
    const next = { ...settings, ...patch };
    setSettings(next);
    put.mutate({ params: { id: campaign.campaignId }, body: next }, { onError: (error) => showError(error) });
  };

  const listOptions = (lists.data?.items ?? []).map((list) => ({
    value: list.id,
    label: list.isOwn ? t('wizard.prospects.listOption', { name: list.name, contacts: list.contacts }) : t('wizard.prospects.teamListOption', { name: list.name, contacts: list.contacts, owner: list.owner.name }),
  }));
  const tagOptions = (tags.data?.tags ?? []).map((tag) => ({ value: tag.id, label: tag.name }));

  let figures;
  if (settings.listId === null) figures = <Typography.Text type="secondary">{t('wizard.prospects.pickListFirst')}</Typography.Text>;
  else if (count.isPending) figures = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (count.isError) figures = <ErrorState error={count.error} onRetry={() => void count.refetch()} />;
  else {
    const skipped = SKIP_REASONS.filter((reason) => count.data.skipped[reason] > 0);
    figures = (
      <Flex vertical gap={8}>
        <Flex gap={32}>
          <Statistic title={t('wizard.prospects.willAdd')} value={count.data.willAdd} data-testid="will-add" />
          <Statistic title={t('wizard.prospects.inList')} value={count.data.total} />
          {count.data.toCheck > 0 ? <Statistic title={t('wizard.prospects.toCheck')} value={count.data.toCheck} /> : null}
        </Flex>
        {skipped.length > 0 ? (
          <Descriptions size="small" column={1} title={t('wizard.prospects.skippedTitle')}>
            {skipped.map((reason) => (
              <Descriptions.Item key={reason} label={t(`wizard.prospects.skipped.${reason}`)}>
                {count.data.skipped[reason].toLocaleString(i18n.language)}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : null}
      </Flex>
    );
  }

  return (
    <Flex gap={32} wrap align="flex-start" data-testid="prospects-step">
      <Form layout="vertical" component="div" style={{ flex: 1, minWidth: 320, maxWidth: 560 }} disabled={readOnly}>
        {campaign.listDeleted ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('errors:campaigns_list_deleted.title')} description={t('errors:campaigns_list_deleted.description')} /> : null}
        <Form.Item label={t('wizard.prospects.list')} required help={t('wizard.prospects.listHelp')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="prospect-list-select"
            aria-label={t('wizard.prospects.list')}
            placeholder={t('wizard.prospects.listPlaceholder')}
            loading={lists.isPending}
            value={settings.listId ?? undefined}
            options={listOptions}
            onChange={(listId: number) => change({ listId })}
          />
        </Form.Item>
        <Form.Item label={t('wizard.prospects.blacklist')} required help={t('wizard.prospects.blacklistHelp')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="no-send-list-select"
            aria-label={t('wizard.prospects.blacklist')}
            placeholder={t('wizard.prospects.blacklistPlaceholder')}
            loading={lists.isPending}
            value={settings.blacklist ?? undefined}
            options={listOptions}
            onChange={(blacklist: number) => change({ blacklist })}
          />
        </Form.Item>
        <Form.Item label={t('wizard.prospects.includeTags')}>
          <Select mode="multiple" allowClear aria-label={t('wizard.prospects.includeTags')} value={settings.includeTags} options={tagOptions} onChange={(includeTags: number[]) => change({ includeTags })} />
        </Form.Item>
        <Form.Item label={t('wizard.prospects.excludeTags')}>
          <Select mode="multiple" allowClear aria-label={t('wizard.prospects.excludeTags')} value={settings.excludeTags} options={tagOptions} onChange={(excludeTags: number[]) => change({ excludeTags })} />
        </Form.Item>
        <Form.Item label={t('wizard.prospects.duplicates')}>
          <Flex vertical gap={4}>
            <Checkbox checked={settings.duplicates.skip} onChange={(event) => change({ duplicates: { ...settings.duplicates, skip: event.target.checked } })}>
              {t('wizard.prospects.duplicatesSkip')}
            </Checkbox>
            <Checkbox checked={settings.duplicates.includeTeam} disabled={readOnly || !settings.duplicates.skip} onChange={(event) => change({ duplicates: { ...settings.duplicates, includeTeam: event.target.checked } })}>
              {t('wizard.prospects.duplicatesIncludeTeam')}
            </Checkbox>
          </Flex>
        </Form.Item>
        <Form.Item label={t('wizard.prospects.addresses')}>
          <Flex vertical gap={8}>
            {ADDRESS_CHOICES.map((choice) => (
              <Flex key={choice} gap={8} align="center">
                <Switch size="small" checked={settings[choice]} aria-label={t(`wizard.prospects.${choice}`)} onChange={(checked) => change({ [choice]: checked })} />
                <Typography.Text>{t(`wizard.prospects.${choice}`)}</Typography.Text>
              </Flex>
            ))}
          </Flex>
        </Form.Item>
        <Form.Item>
          <Flex gap={8} align="center">
            <Switch size="small" checked={settings.skipUsedRecipients} aria-label={t('wizard.prospects.skipUsedRecipients')} onChange={(skipUsedRecipients) => change({ skipUsedRecipients })} />
            <Typography.Text>{t('wizard.prospects.skipUsedRecipients')}</Typography.Text>
          </Flex>
          {/* Whose campaigns count as "other campaigns": the owner's alone, or the whole team's too. */}
          <Checkbox
            style={{ marginTop: 8 }}
            checked={settings.includeTeamCampaigns}
            disabled={readOnly || !settings.skipUsedRecipients}
            onChange={(event) => change({ includeTeamCampaigns: event.target.checked })}
          >
            {t('wizard.prospects.includeTeamCampaigns')}
          </Checkbox>
        </Form.Item>
      </Form>
      <Flex vertical gap={8} style={{ minWidth: 280 }}>
        <Typography.Title level={5}>{t('wizard.prospects.countTitle')}</Typography.Title>
        {figures}
        <SaveStatus saving={put.isPending} failed={put.isError} />
      </Flex>
    </Flex>
  );
}
