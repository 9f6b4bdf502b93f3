import { useState } from 'react';
import { Button, Checkbox, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UniboxEmailAccount, UniboxLinkedinAccount } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { useCampaignOptions, type CampaignOption } from '../api/list-campaign-options';
import { isFiltered, type ThreadView } from '../utils/thread-filters';

export type ThreadFiltersBarProps = {
  view: ThreadView;
  accounts: readonly UniboxEmailAccount[];
  linkedinAccounts: readonly UniboxLinkedinAccount[];
  /** Campaigns named by the rows on screen, so a chosen campaign keeps its title before the options load. */
  knownCampaigns: readonly CampaignOption[];
  onChange(next: ThreadView): void;
  onClear(): void;
};

/** The list's filters of document 1 §2, all combinable: text, mailboxes, LinkedIn accounts, campaigns, leads only, starred. */
export function ThreadFiltersBar({ view, accounts, linkedinAccounts, knownCampaigns, onChange, onClear }: ThreadFiltersBarProps) {
  const { t } = useTranslation(NAMESPACE);
  const [campaignSearch, setCampaignSearch] = useState('');
  const [campaignsWanted, setCampaignsWanted] = useState(view.campaignIds.length > 0);
  const campaigns = useCampaignOptions(campaignSearch, campaignsWanted);
  const campaignOptions = new Map<number, string>();
  for (const option of [...knownCampaigns, ...(campaigns.data ?? [])]) campaignOptions.set(option.value, option.label);
  for (const id of view.campaignIds) if (!campaignOptions.has(id)) campaignOptions.set(id, t('filters.campaignNumber', { id }));

  return (
    <Flex vertical gap={8} data-testid="thread-filters">
      <Input.Search
        // A new address (Back, a shared link) starts the box over with its own text.
        key={view.text ?? ''}
        allowClear
        aria-label={t('filters.text')}
        placeholder={t('filters.text')}
        defaultValue={view.text ?? ''}
        maxLength={255}
        onSearch={(value) => onChange({ ...view, text: value.trim() || null })}
      />
      <Flex gap={8} wrap>
        <AccountsSelect
          label={t('filters.accounts')}
          accounts={accounts}
          value={view.emailAccountIds}
          // A folder belongs to one mailbox: choosing mailboxes here leaves the folder.
          onChange={(ids) => onChange({ ...view, emailAccountIds: ids, folder: null })}
        />
        {linkedinAccounts.length > 0 || view.linkedinAccountIds.length > 0 ? (
          <AccountsSelect
            label={t('filters.linkedinAccounts')}
            accounts={linkedinAccounts}
            value={view.linkedinAccountIds}
            onChange={(ids) => onChange({ ...view, linkedinAccountIds: ids })}
          />
        ) : null}
        <Select<number[]>
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          aria-label={t('filters.campaigns')}
          placeholder={t('filters.campaigns')}
          style={{ flex: 1, minWidth: 160 }}
          value={view.campaignIds}
          loading={campaigns.isFetching}
          notFoundContent={campaigns.isError ? t('filters.campaignsError') : undefined}
          options={[...campaignOptions].map(([value, label]) => ({ value, label }))}
          showSearch={{ filterOption: false, onSearch: setCampaignSearch }}
          onOpenChange={(open) => open && setCampaignsWanted(true)}
          onChange={(ids) => onChange({ ...view, campaignIds: ids })}
        />
      </Flex>
      <Flex gap={12} wrap align="center">
        <Checkbox checked={view.leads} onChange={(event) => onChange({ ...view, leads: event.target.checked })}>
          {t('filters.leads')}
        </Checkbox>
        <Checkbox checked={view.isStarred} onChange={(event) => onChange({ ...view, isStarred: event.target.checked })}>
          {t('filters.starred')}
        </Checkbox>
        {isFiltered(view) ? (
          <Button type="link" size="small" onClick={onClear}>
            {t('filters.clear')}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}

/** Mailboxes or LinkedIn accounts to narrow the list to, found by name. */
function AccountsSelect({
  label,
  accounts,
  value,
  onChange,
}: {
  label: string;
  accounts: readonly { id: number; name: string }[];
  value: number[];
  onChange(ids: number[]): void;
}) {
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      aria-label={label}
      placeholder={label}
      style={{ flex: 1, minWidth: 160 }}
      value={value}
      options={accounts.map((account) => ({ value: account.id, label: account.name }))}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={onChange}
    />
  );
}
