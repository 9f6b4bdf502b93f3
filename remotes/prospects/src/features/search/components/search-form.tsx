import { useState } from 'react';
import { Button, Flex, Form, Input } from 'antd';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { useTranslation } from 'react-i18next';
import type { GlobalSearchFilters } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { errorText } from '../../../utils/error-text';
import { SEARCH_FIELDS, searchErrors, searchFilters, type SearchValues } from '../utils/search-filters';

export type SearchFormProps = {
  initial?: SearchValues;
  busy: boolean;
  onSearch: (filters: GlobalSearchFilters) => void;
};

/** The global search filters, checked with the §5 rules before the search starts. */
export function SearchForm({ initial = {}, busy, onSearch }: SearchFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [values, setValues] = useState<SearchValues>(initial);
  const [errors, setErrors] = useState<ReturnType<typeof searchErrors>>({});
  const filled = searchFilters(values);
  const handleSubmit = () => {
    const found = searchErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0 && filled) onSearch(filled);
  };
  return (
    <Form layout="vertical" component="div" aria-label={t('search.title')}>
      <Flex gap={12} wrap>
        {SEARCH_FIELDS.map((field) => (
          <Form.Item
            key={field}
            label={t(`search.fields.${field}`)}
            style={{ minWidth: 200, flex: 1 }}
            validateStatus={errors[field] ? 'error' : undefined}
            help={errors[field] ? t(errorText(errors[field]!)) : undefined}
          >
            <Input
              aria-label={t(`search.fields.${field}`)}
              value={values[field] ?? ''}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
              onPressEnter={handleSubmit}
            />
          </Form.Item>
        ))}
      </Flex>
      <Button type="primary" icon={<SearchOutlined />} loading={busy} disabled={!filled} onClick={handleSubmit}>
        {t('search.submit')}
      </Button>
    </Form>
  );
}
