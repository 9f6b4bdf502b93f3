import { useEffect } from 'react';
import { Button, Col, Drawer, Flex, Form, Input, Radio, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  INTEREST_LEVELS,
  RECIPIENT_DISPLAY_STATUSES,
  RECIPIENT_FILTER_COUNT_OPTIONS,
  type Flowchart,
  type RecipientFilter,
} from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { RECIPIENT_STATE_FILTERS, filterFromForm, formFromFilter, type RecipientFilterForm, type RecipientStateFilter } from '../utils/recipient-filters';

export type SenderOption = { id: number; label: string };

export type RecipientsFilterDrawerProps = {
  open: boolean;
  filter: RecipientFilter;
  flowchart: Flowchart;
  emailSenders: readonly SenderOption[];
  linkedinSenders: readonly SenderOption[];
  onApply: (filter: RecipientFilter) => void;
  onClose: () => void;
};

const COUNT_FIELDS = ['sent', 'open', 'click', 'reply', 'linkedin_visit', 'linkedin_message'] as const;

/**
 * Every filter of the recipients table: the columns' filters, the count filters (0, 1+, 3+) and
 * the filter-only ones (flowchart block, goal, contacted). The hidden linkedin_not_reached_profile
 * filter is kept as it was (only the flowchart counts set it).
 */
export function RecipientsFilterDrawer({ open, filter, flowchart, emailSenders, linkedinSenders, onApply, onClose }: RecipientsFilterDrawerProps) {
  const { t } = useTranslation(NAMESPACE);
  const [form] = Form.useForm<RecipientFilterForm>();

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(formFromFilter(filter));
    }
  }, [open, filter, form]);

  const blocks = flowchart.operators
    .map((operator) => operator.block)
    .filter((block) => block.type !== 'start')
    .map((block, index) => ({
      value: block.id,
      label: `${index + 1}. ${t(`editor.blocks.${block.type}`)}${block.type === 'goal' && block.goal_name ? ` — ${block.goal_name}` : ''}`,
    }));
  const goalNames = [
    ...new Set(flowchart.operators.flatMap((operator) => (operator.block.type === 'goal' && operator.block.goal_name ? [operator.block.goal_name] : []))),
  ];
  const countOptions = RECIPIENT_FILTER_COUNT_OPTIONS.map((option) => ({ value: option, label: t(`campaignPage.filters.count.${option}`) }));
  const yesNo = [
    { value: 'yes', label: t('campaignPage.filters.yes') },
    { value: 'no', label: t('campaignPage.filters.no') },
  ];

  const handleApply = (values: RecipientFilterForm) =>
    onApply(
      filterFromForm(values, {
        ...(filter.search ? { search: filter.search } : {}),
        ...(filter.linkedin_not_reached_profile !== undefined ? { linkedin_not_reached_profile: filter.linkedin_not_reached_profile } : {}),
      }),
    );
  const handleClear = () => onApply(filter.search ? { search: filter.search } : {});

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('campaignPage.filters.title')}
      size={560}
      destroyOnHidden
      footer={
        <Flex justify="space-between">
          <Button onClick={handleClear}>{t('campaignPage.filters.clear')}</Button>
          <Button type="primary" onClick={() => form.submit()} data-testid="apply-filters">
            {t('campaignPage.filters.apply')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" onFinish={handleApply}>
        <Row gutter={12}>
          <Col span={24}>
            <Form.Item name="status" label={t('campaignPage.columns.status')}>
              <Select
                mode="multiple"
                allowClear
                options={RECIPIENT_DISPLAY_STATUSES.map((status) => ({ value: status, label: t(`campaignPage.recipientStatus.${status}`) }))}
              />
            </Form.Item>
          </Col>
          {(['prospect', 'email_address', 'linkedin_url'] as const).map((field) => (
            <Col key={field} xs={24} sm={8}>
              <Form.Item name={field} label={t(`campaignPage.columns.${field}`)}>
                <Input allowClear maxLength={255} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} sm={12}>
            <Form.Item name="email_accounts" label={t('campaignPage.columns.email_accounts')}>
              <Select mode="multiple" allowClear optionFilterProp="label" options={emailSenders.map((s) => ({ value: s.id, label: s.label }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="linkedin_accounts" label={t('campaignPage.columns.linkedin_accounts')}>
              <Select mode="multiple" allowClear optionFilterProp="label" options={linkedinSenders.map((s) => ({ value: s.id, label: s.label }))} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('campaignPage.filters.counts')}</Typography.Title>
        <Row gutter={12}>
          {COUNT_FIELDS.map((field) => (
            <Col key={field} xs={12} sm={8}>
              <Form.Item name={field} label={t(`campaignPage.columns.${field}`)}>
                <Select allowClear options={countOptions} placeholder={t('campaignPage.filters.any')} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Typography.Title level={5}>{t('campaignPage.filters.linkedin')}</Typography.Title>
        <Row gutter={12}>
          {(Object.keys(RECIPIENT_STATE_FILTERS) as RecipientStateFilter[]).map((field) => (
            <Col key={field} xs={24} sm={12}>
              <Form.Item name={field} label={t(`campaignPage.columns.${field}`)}>
                <Select
                  mode="multiple"
                  allowClear
                  options={RECIPIENT_STATE_FILTERS[field].map((value) => ({ value, label: t(`campaignPage.values.${value}`) }))}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Typography.Title level={5}>{t('campaignPage.filters.more')}</Typography.Title>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="interest_level" label={t('campaignPage.columns.interest_level')}>
              <Select
                mode="multiple"
                allowClear
                options={[...INTEREST_LEVELS, 'none' as const].map((level) => ({ value: level, label: t(`campaignPage.interest.${level}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="provider" label={t('campaignPage.columns.provider')} tooltip={t('campaignPage.filters.providerHelp')}>
              <Select mode="tags" allowClear tokenSeparators={[',']} options={['gmail', 'outlook', 'other'].map((value) => ({ value, label: value }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="flowchartBlockId" label={t('campaignPage.filters.flowchartBlock')}>
              <Select allowClear options={blocks} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="flowchartBlockMode" label={t('campaignPage.filters.blockMode')} initialValue="at">
              <Radio.Group
                options={[
                  { value: 'at', label: t('campaignPage.filters.blockAt') },
                  { value: 'passed', label: t('campaignPage.filters.blockPassed') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="goal" label={t('campaignPage.filters.goal')}>
              <Select allowClear options={[
                { value: 'yes', label: t('campaignPage.filters.goalReached') },
                { value: 'no', label: t('campaignPage.filters.goalNotReached') },
              ]} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="goalNames" label={t('campaignPage.filters.goalNames')} tooltip={t('campaignPage.filters.goalNamesHelp')}>
              <Select mode="multiple" allowClear options={goalNames.map((name) => ({ value: name, label: name }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="contacted" label={t('campaignPage.filters.contacted')}>
              <Select allowClear options={yesNo} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
