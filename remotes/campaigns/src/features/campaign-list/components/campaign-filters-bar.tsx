import { Flex, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_STATUSES, type CampaignStatus, type CampaignUserInfo } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { titleTooShort, type CampaignFilters } from '../utils/list-filters';

export type FilterOption = { value: number; label: string };

export type CampaignFiltersBarProps = {
  value: CampaignFilters;
  onChange(next: CampaignFilters): void;
  lists: readonly FilterOption[];
  senderAccounts: readonly FilterOption[];
  /** Null when the caller may not filter by owner (members limited to their own records). */
  owners: CampaignUserInfo['owners'] | null;
};

/** The list's filters of document 1 §2: title (3+ characters), prospect list, created dates, owner, sender account, status. */
export function CampaignFiltersBar({ value, onChange, lists, senderAccounts, owners }: CampaignFiltersBarProps) {
  const { t } = useTranslation(NAMESPACE);
  const set = <K extends keyof CampaignFilters>(key: K, next: CampaignFilters[K]) => onChange({ ...value, [key]: next });
  const short = titleTooShort(value.title);
  return (
    <Flex wrap gap={8} align="flex-start" data-testid="campaign-filters">
      <Flex vertical>
        <Input.Search
          allowClear
          aria-label={t('list.filters.title')}
          placeholder={t('list.filters.title')}
          value={value.title}
          onChange={(event) => set('title', event.target.value)}
          status={short ? 'warning' : undefined}
          style={{ width: 220 }}
        />
        {short ? (
          <Typography.Text type="warning" style={{ fontSize: 12 }}>
            {t('list.filters.titleTooShort')}
          </Typography.Text>
        ) : null}
      </Flex>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('list.filters.list')}
        placeholder={t('list.filters.list')}
        style={{ width: 200 }}
        value={value.listId ?? undefined}
        options={lists.map((list) => ({ value: list.value, label: list.label }))}
        onChange={(next: number | undefined) => set('listId', next ?? null)}
      />
      <Flex align="center" gap={4}>
        <Typography.Text type="secondary">{t('list.filters.created')}</Typography.Text>
        <Input
          type="date"
          aria-label={t('list.filters.createdFrom')}
          value={value.createdFrom ?? ''}
          max={value.createdTo ?? undefined}
          onChange={(event) => set('createdFrom', event.target.value || null)}
          style={{ width: 150 }}
        />
        <Typography.Text type="secondary">–</Typography.Text>
        <Input
          type="date"
          aria-label={t('list.filters.createdTo')}
          value={value.createdTo ?? ''}
          min={value.createdFrom ?? undefined}
          onChange={(event) => set('createdTo', event.target.value || null)}
          style={{ width: 150 }}
        />
      </Flex>
      {owners ? (
        <Select
          allowClear
          data-testid="owner-filter"
          aria-label={t('list.filters.owner')}
          placeholder={t('list.filters.owner')}
          style={{ width: 180 }}
          value={value.ownerId ?? undefined}
          options={owners.map((owner) => ({ value: owner.id, label: owner.name }))}
          onChange={(next: number | undefined) => set('ownerId', next ?? null)}
        />
      ) : null}
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('list.filters.sender')}
        placeholder={t('list.filters.sender')}
        style={{ width: 220 }}
        value={value.senderAccountId ?? undefined}
        options={senderAccounts.map((account) => ({ value: account.value, label: account.label }))}
        onChange={(next: number | undefined) => set('senderAccountId', next ?? null)}
      />
      <Select
        allowClear
        aria-label={t('list.filters.status')}
        placeholder={t('list.filters.status')}
        style={{ width: 150 }}
        value={value.status ?? undefined}
        options={CAMPAIGN_STATUSES.map((status) => ({ value: status, label: t(`list.status.${status}`) }))}
        onChange={(next: CampaignStatus | undefined) => set('status', next ?? null)}
      />
    </Flex>
  );
}
