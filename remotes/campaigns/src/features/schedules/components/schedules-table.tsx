import { Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
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

/** What deleting a schedule does, by what sends on it (a warm-up's refusal first: nothing can be deleted then). */
function deleteNotice(schedule: Schedule, t: TFunction): string {
  if (schedule.warmupCount > 0) return t('library.schedules.deleteWarmups');
  return schedule.campaignList.length > 0 ? t('library.schedules.deleteInUse') : t('library.schedules.deleteUnused');
}

/** The caller's schedules: name, time zone, sending days and hours, the campaigns and warm-ups on each. */
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
        schedule.campaignList.length === 0 && schedule.warmupCount === 0 ? (
          <Typography.Text type="secondary">{t('library.schedules.unused')}</Typography.Text>
        ) : (
          <Flex gap={4} wrap>
            {schedule.campaignList.map((campaign) => (
              <Tag key={campaign.campaignId}>{campaign.title}</Tag>
            ))}
            {schedule.warmupCount > 0 ? <Tag color="orange">{t('library.schedules.warmups', { count: schedule.warmupCount })}</Tag> : null}
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
              <div style={{ maxWidth: 320 }}>{deleteNotice(schedule, t)}</div>
            }
            okText={t('common:actions.delete')}
            cancelText={t('common:actions.cancel')}
            // A warm-up keeps its schedule: the server would refuse (schedule_in_use), so the notice says what to do instead.
            okButtonProps={{ danger: true, disabled: schedule.warmupCount > 0 }}
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
