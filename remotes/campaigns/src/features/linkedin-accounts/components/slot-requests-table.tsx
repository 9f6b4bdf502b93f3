import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LinkedinSlotRequest, SlotRequestStatus } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

const STATUS_COLOR: Readonly<Record<SlotRequestStatus, string>> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  retracted: 'default',
};

export type SlotRequestsTableProps = {
  requests: LinkedinSlotRequest[];
  /** `lead`: approve or reject pending requests; `member`: withdraw one's own. */
  role: 'lead' | 'member';
  busyId: number | null;
  onApprove: (request: LinkedinSlotRequest) => void;
  onReject: (request: LinkedinSlotRequest) => void;
  onWithdraw: (request: LinkedinSlotRequest) => void;
};

/** Slot requests (document 1 §6): approved, rejected, withdrawn or retracted, or waiting for the lead. */
export function SlotRequestsTable({ requests, role, busyId, onApprove, onReject, onWithdraw }: SlotRequestsTableProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Table<LinkedinSlotRequest>
      rowKey="id"
      size="small"
      dataSource={requests}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        ...(role === 'lead' ? [{ key: 'requester', title: t('linkedinAccounts.requests.columns.requester'), dataIndex: 'requesterName' }] : []),
        {
          key: 'note',
          title: t('linkedinAccounts.requests.columns.note'),
          render: (_, request) => request.note ?? <Typography.Text type="secondary">—</Typography.Text>,
        },
        {
          key: 'status',
          title: t('linkedinAccounts.requests.columns.status'),
          render: (_, request) => (
            <Tag color={STATUS_COLOR[request.status]} data-status={request.status}>
              {t(`linkedinAccounts.requests.status.${request.status}`)}
            </Tag>
          ),
        },
        {
          key: 'createdAt',
          title: t('linkedinAccounts.requests.columns.createdAt'),
          render: (_, request) => dateFormat.format(new Date(request.createdAt)),
        },
        {
          key: 'actions',
          title: t('linkedinAccounts.requests.columns.actions'),
          render: (_, request) => {
            if (request.status !== 'pending') return null;
            if (role === 'member')
              return (
                <Popconfirm
                  title={t('linkedinAccounts.requests.withdrawConfirm')}
                  okText={t('linkedinAccounts.requests.withdraw')}
                  cancelText={t('common:actions.cancel')}
                  onConfirm={() => onWithdraw(request)}
                >
                  <Button size="small" loading={busyId === request.id}>
                    {t('linkedinAccounts.requests.withdraw')}
                  </Button>
                </Popconfirm>
              );
            return (
              <Space size={4}>
                <Button
                  size="small"
                  type="primary"
                  loading={busyId === request.id}
                  aria-label={t('linkedinAccounts.requests.approveOf', { name: request.requesterName })}
                  onClick={() => onApprove(request)}
                >
                  {t('linkedinAccounts.requests.approve')}
                </Button>
                <Popconfirm
                  title={t('linkedinAccounts.requests.rejectConfirm', { name: request.requesterName })}
                  okText={t('linkedinAccounts.requests.reject')}
                  cancelText={t('common:actions.cancel')}
                  onConfirm={() => onReject(request)}
                >
                  <Button size="small" danger aria-label={t('linkedinAccounts.requests.rejectOf', { name: request.requesterName })}>
                    {t('linkedinAccounts.requests.reject')}
                  </Button>
                </Popconfirm>
              </Space>
            );
          },
        },
      ]}
    />
  );
}
