import { useState } from 'react';
import { AutoComplete, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FINDER_LIMITS } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { useSearchFormLayout } from '../../../hooks/use-search-form-layout';
import { useGetPositions } from '../api/get-positions';

const URL_MAX = 2048;

export type DomainSearchValues = { domain: string; position?: string };

export type DomainSearchFormProps = { searching: boolean; onSearch: (values: DomainSearchValues) => void };

/** The domain (or a website) and an optional position to narrow the addresses to. */
export function DomainSearchForm({ searching, onSearch }: DomainSearchFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [term, setTerm] = useState('');
  const positions = useGetPositions(term);
  const form = useSearchFormLayout();
  return (
    <Form<DomainSearchValues> layout={form.layout} onFinish={onSearch}>
      <Form.Item
        name="domain"
        label={t('domainSearch.domain')}
        rules={[{ required: true, whitespace: true, message: t('singleSearch.domainRequired') }]}
      >
        <Input placeholder="acme.com" style={form.field(260)} maxLength={URL_MAX} />
      </Form.Item>
      <Form.Item name="position" label={t('domainSearch.positionFilter')}>
        <AutoComplete
          style={form.field(220)}
          onSearch={setTerm}
          options={(positions.data?.positions ?? []).map((position) => ({ value: position }))}
        >
          <Input maxLength={FINDER_LIMITS.termMax} />
        </AutoComplete>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={searching}>
        {t('domainSearch.submit')}
      </Button>
    </Form>
  );
}
