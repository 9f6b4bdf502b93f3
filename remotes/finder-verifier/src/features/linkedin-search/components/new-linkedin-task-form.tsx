import { Button, Checkbox, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { SEARCH_TASK_PROSPECTS_MAX } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { usePreselectedAccount } from '../hooks/use-preselected-account';
import { LinkedinAccountSelect } from './linkedin-account-select';
import { ProspectListSelect } from './prospect-list-select';

const URL_MAX = 2048;
const DEFAULT_PROSPECTS = 100;

export type LinkedinTaskValues = {
  url: string;
  accountId: number;
  prospectsListId: number;
  prospectsTotal: number;
  isSkipSaved: boolean;
  isSaveWithoutEmail: boolean;
};

export type NewLinkedinTaskFormProps = { creating: boolean; onCreate: (values: LinkedinTaskValues) => void };

/** A search URL, the account that runs it, the list to fill and how many profiles to take. */
export function NewLinkedinTaskForm({ creating, onCreate }: NewLinkedinTaskFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [form] = Form.useForm<LinkedinTaskValues>();
  usePreselectedAccount(form);
  return (
    <Form<LinkedinTaskValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={{ prospectsTotal: DEFAULT_PROSPECTS, isSkipSaved: true, isSaveWithoutEmail: false }}
      onFinish={onCreate}
    >
      <Form.Item
        name="url"
        label={t('linkedin.url')}
        rules={[{ required: true, type: 'url', message: t('linkedin.urlRequired') }]}
      >
        <Input maxLength={URL_MAX} placeholder="https://www.linkedin.com/search/results/people/?keywords=cto" />
      </Form.Item>
      <Form.Item
        name="accountId"
        label={t('linkedin.account')}
        tooltip={t('linkedin.accountHint')}
        rules={[{ required: true, message: t('linkedin.accountRequired') }]}
      >
        <LinkedinAccountSelect />
      </Form.Item>
      <Form.Item
        name="prospectsListId"
        label={t('addToList.list')}
        rules={[{ required: true, message: t('addToList.listRequired') }]}
      >
        <ProspectListSelect />
      </Form.Item>
      <Form.Item name="prospectsTotal" label={t('linkedin.total')} rules={[{ required: true }]}>
        <InputNumber min={1} max={SEARCH_TASK_PROSPECTS_MAX} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="isSkipSaved" valuePropName="checked">
        <Checkbox>{t('linkedin.skipSaved')}</Checkbox>
      </Form.Item>
      <Form.Item name="isSaveWithoutEmail" valuePropName="checked">
        <Checkbox>{t('linkedin.saveWithoutEmail')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={creating}>
        {t('linkedin.start')}
      </Button>
    </Form>
  );
}
