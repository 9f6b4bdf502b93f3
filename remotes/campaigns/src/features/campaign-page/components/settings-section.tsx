import { Card, Descriptions, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampaignMoment, CampaignView } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { useListTeamProspectLists } from '../api/list-team-prospect-lists';

export type SettingsSectionProps = { campaign: CampaignView };

function moment(value: CampaignMoment | null, none: string): string {
  return value ? `${value.date} ${value.time} (${value.timeZone})` : none;
}

/** The campaign's settings as it runs them (changed in the creation steps while it is new). */
export function SettingsSection({ campaign }: SettingsSectionProps) {
  const { t } = useTranslation(NAMESPACE);
  const yesNo = (value: boolean) => <Tag color={value ? 'green' : 'default'}>{t(value ? 'campaignPage.settings.on' : 'campaignPage.settings.off')}</Tag>;
  const limit = (value: number) => (value < 0 ? t('campaignPage.settings.noLimit') : String(value));
  const none = t('campaignPage.settings.none');
  const lists = useListTeamProspectLists();
  const listName = (id: number) => lists.data?.items.find((list) => list.id === id)?.name ?? `#${id}`;
  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('campaignPage.settings.audience')}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('campaignPage.settings.list')}>
            {campaign.listId === null ? none : campaign.listDeleted ? t('campaignPage.header.listDeleted') : listName(campaign.listId)}
          </Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.blacklist')}>{campaign.blacklist === null ? none : listName(campaign.blacklist)}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.skipDuplicates')}>{yesNo(campaign.duplicates.skip)}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.skipUsed')}>{yesNo(campaign.skipUsedRecipients)}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.sendToAll')}>{yesNo(campaign.sendToAll)}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.needToCheck')}>{yesNo(campaign.needToCheck)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('campaignPage.settings.sending')}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('campaignPage.settings.emailSenders')}>{campaign.senderEmailAccounts.length}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.linkedinSenders')}>{campaign.senderLinkedinAccounts.length}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.dailyLimit')}>{limit(campaign.dailyLimit)}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.firstEmailDailyLimit')}>{limit(campaign.firstEmailDailyLimit)}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.stopForReply')}>{yesNo(campaign.stopForReply)}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.trackOpen')}>{yesNo(campaign.trackOpen)}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.wrapLinks')}>{yesNo(campaign.wrapLinks)}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.unsubscribeHeader')}>{yesNo(campaign.unsubscribeHeader)}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.automaticallyComplete')}>{yesNo(campaign.automaticallyComplete)}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.providerMatching')}>{yesNo(campaign.providerMatching)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('campaignPage.settings.timing')}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('campaignPage.settings.schedule')}>{campaign.schedule === null ? none : `#${campaign.schedule}`}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.startAt')}>{moment(campaign.startAt, t('campaignPage.settings.asap'))}</Descriptions.Item>
          <Descriptions.Item label={t('campaignPage.settings.completeAt')}>{moment(campaign.completeAt, none)}</Descriptions.Item>
        </Descriptions>
      </Card>
    </Flex>
  );
}
