import { Badge, Button, Flex, Popover, Segmented, Select, Switch } from 'antd';
import FilterOutlined from '@ant-design/icons/es/icons/FilterOutlined';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { LINKEDIN_FILTERS, TAGS_FILTER_MODES, type ProspectFilter } from '@leadforge/contracts';
import { EMAIL_STATUS_FILTERS, activeFilterCount } from '../utils/table-query';

/** The social-profile filter's "no filter" choice (null in the request). */
const ANY_LINKEDIN = 'any' as const;

export type Option = { id: number; name: string };

export type ProspectsFiltersProps = {
  filter: ProspectFilter;
  tags: Option[];
  lists: Option[];
  onChange: (filter: Partial<ProspectFilter>) => void;
  onReset: () => void;
};

/** The filter view of the prospects table: email status, tags (any/all/none), duplicates, lists, social profile. */
export function ProspectsFilters({ filter, tags, lists, onChange, onReset }: ProspectsFiltersProps) {
  const { t } = useTranslation(NAMESPACE);
  const count = activeFilterCount(filter);
  const content = (
    <Flex vertical gap={12} style={{ width: 320 }}>
      <label>
        {t('filters.emailStatus')}
        <Select
          mode="multiple"
          allowClear
          aria-label={t('filters.emailStatus')}
          style={{ width: '100%' }}
          value={filter.emailStatus}
          options={EMAIL_STATUS_FILTERS.map((status) => ({ value: status, label: t(`emailStatus.${status}`) }))}
          onChange={(emailStatus) => onChange({ emailStatus })}
        />
      </label>
      <label>
        {t('filters.tags')}
        <Select
          mode="multiple"
          allowClear
          aria-label={t('filters.tags')}
          style={{ width: '100%' }}
          value={filter.tags}
          optionFilterProp="label"
          options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
          onChange={(ids) => onChange({ tags: ids })}
        />
      </label>
      <Segmented
        aria-label={t('filters.tagsFilter')}
        value={filter.tagsFilter}
        options={TAGS_FILTER_MODES.map((mode) => ({ value: mode, label: t(`filters.tagsMode.${mode}`) }))}
        onChange={(tagsFilter) => onChange({ tagsFilter })}
      />
      <Flex gap={8} align="center">
        <Switch aria-label={t('filters.duplicates')} checked={filter.duplicates} onChange={(duplicates) => onChange({ duplicates })} />
        <span>{t('filters.duplicates')}</span>
      </Flex>
      <label>
        {t('filters.lists')}
        <Select
          mode="multiple"
          allowClear
          aria-label={t('filters.lists')}
          style={{ width: '100%' }}
          value={filter.lists}
          optionFilterProp="label"
          options={lists.map((list) => ({ value: list.id, label: list.name }))}
          onChange={(ids) => onChange({ lists: ids })}
        />
      </label>
      <label>
        {t('filters.linkedin')}
        <Select
          aria-label={t('filters.linkedin')}
          style={{ width: '100%' }}
          value={filter.linkedin ?? ANY_LINKEDIN}
          options={[ANY_LINKEDIN, ...LINKEDIN_FILTERS].map((value) => ({ value, label: t(`filters.linkedinMode.${value}`) }))}
          onChange={(value) => onChange({ linkedin: value === ANY_LINKEDIN ? null : value })}
        />
      </label>
      <Button onClick={onReset} disabled={count === 0}>
        {t('filters.reset')}
      </Button>
    </Flex>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomLeft">
      <Badge count={count} size="small">
        <Button icon={<FilterOutlined />}>{t('filters.title')}</Button>
      </Badge>
    </Popover>
  );
}
