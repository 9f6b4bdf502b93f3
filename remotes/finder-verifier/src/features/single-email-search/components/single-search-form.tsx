import { useState } from 'react';
import { AutoComplete, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FINDER_LIMITS } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { useSearchFormLayout } from '../../../hooks/use-search-form-layout';
import { useSearchCompanies } from '../api/search-companies';

export type SingleSearchValues = { firstName: string; lastName: string; domain: string };

export type SingleSearchFormProps = { searching: boolean; onSearch: (values: SingleSearchValues) => void };

/** Name and company domain; the domain field suggests companies as the user types. */
export function SingleSearchForm({ searching, onSearch }: SingleSearchFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [term, setTerm] = useState('');
  const companies = useSearchCompanies(term);
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  const form = useSearchFormLayout();
  return (
    <Form<SingleSearchValues> layout={form.layout} onFinish={(values) => onSearch(values)}>
      <Form.Item name="firstName" label={t('singleSearch.firstName')} rules={required(t('singleSearch.firstNameRequired'))}>
        <Input maxLength={FINDER_LIMITS.nameMax} />
      </Form.Item>
      <Form.Item name="lastName" label={t('singleSearch.lastName')} rules={required(t('singleSearch.lastNameRequired'))}>
        <Input maxLength={FINDER_LIMITS.nameMax} />
      </Form.Item>
      <Form.Item name="domain" label={t('singleSearch.domain')} rules={required(t('singleSearch.domainRequired'))}>
        <AutoComplete
          style={form.field(240)}
          onSearch={setTerm}
          options={(companies.data?.companies ?? []).map((company) => ({
            value: company.domain,
            label: `${company.name} (${company.domain})`,
          }))}
        >
          <Input placeholder="acme.com" />
        </AutoComplete>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={searching}>
        {t('singleSearch.submit')}
      </Button>
    </Form>
  );
}
