import { Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Schedule } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { dayRuns } from '../utils/schedule-summary';

export type SchedulesTableProps = {
  schedules: readonly Schedule[];
  deletingId: number | null;
  onEdit: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
};

/** The caller's schedules: name, time zone, sending days and hours, the campaigns on each. */
export function SchedulesTable({ schedules, deletingId, onEdit, onDelete }: SchedulesTableProps) {
  const { t } = useTranslation(NAMESPACE);

  const summary = (schedule: Schedule) =>
    dayRuns(schedule.days).map((run) => {
      const days = run.first === run.last ? t(`library.daysShort.${run.first}`) : `${t(`library.daysShort.${run.first}`)}–${t(`library.daysShort.${run.last}`)}`;
      return <div key={run.first}>{t('library.schedules.run', { days, from: run.from, to: run.to })}</div>;
    });

  const columns: ColumnsType<Schedule> = [
    {
      key: 'name',
      title: t('library.schedules.columns.name'),
      render: (_, schedule) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => onEdit(schedule)}>
          {schedule.name}
        </Button>
      ),
    },
    { key: 'timezone', title: t('library.schedules.columns.timezone'), render: (_, schedule) => schedule.timezone },
    { key: 'days', title: t('library.schedules.columns.days'), render: (_, schedule) => summary(schedule) },
    {
      key: 'campaigns',
      title: t('library.schedules.columns.campaigns'),
      render: (_, schedule) =>
        schedule.campaignList.length === 0 ? (
          <Typography.Text type="secondary">{t('library.schedules.unused')}</Typography.Text>
        ) : (
          <Flex gap={4} wrap>
            {schedule.campaignList.map((campaign) => (
              <Tag key={campaign.campaignId}>{campaign.title}</Tag>
            ))}
          </Flex>
        ),
    },
    {
      key: 'actions',
      title: t('library.actions'),
      render: (_, schedule) => (
        <Space size={4}>
          <Button size="small" onClick={() => onEdit(schedule)} aria-label={t('library.schedules.editOf', { name: schedule.name })}>
            {t('common:actions.edit')}
          </Button>
          <Popconfirm
            title={t('library.schedules.deleteTitle', { name: schedule.name })}
            description={
              <div style={{ maxWidth: 320 }}>
                {schedule.campaignList.length > 0 ? t('library.schedules.deleteInUse') : t('library.schedules.deleteUnused')}
              </div>
            }
            okText={t('common:actions.delete')}
            cancelText={t('common:actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(schedule)}
          >
            <Button size="small" danger loading={deletingId === schedule.id} aria-label={t('library.schedules.deleteOf', { name: schedule.name })}>
              {t('common:actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return <Table<Schedule> rowKey="id" columns={columns} dataSource={[...schedules]} pagination={false} size="middle" scroll={{ x: 'max-content' }} />;
}
