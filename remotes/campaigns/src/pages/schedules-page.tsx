import { useState } from 'react';
import { Button } from 'antd';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { Schedule } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { Screen } from '../components/screen';
import { NAMESPACE } from '../i18n';
import { useDeleteSchedule } from '../features/schedules/api/delete-schedule';
import { useListSchedules } from '../features/schedules/api/list-schedules';
import { ScheduleEditorDrawer, type ScheduleEditorTarget } from '../features/schedules/components/schedule-editor-drawer';
import { SchedulesTable } from '../features/schedules/components/schedules-table';

/**
 * /campaigns/schedules: the caller's named sending schedules (document 1 §3 "Schedule"): time
 * zone and, per day, whether and when campaigns on it send; each with the campaigns that use it.
 * One an active or paused campaign sends on cannot be deleted (the confirmation says so).
 */
export function SchedulesPage() {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const list = useListSchedules();
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<ScheduleEditorTarget | null>(null);

  const handleDelete = (schedule: Schedule) =>
    remove.mutate(
      { body: { scheduleId: schedule.id } },
      {
        onSuccess: () => toast.success(t('library.schedules.toasts.deleted', { name: schedule.name })),
        onError: (error) => showError(error),
      },
    );

  const newButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ kind: 'new' })}>
      {t('library.schedules.add')}
    </Button>
  );

  let content;
  if (list.isPending) content = <LoadingState label={t('library.schedules.loading')} />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.items.length === 0)
    content = <EmptyState title={t('library.schedules.empty.title')} description={t('library.schedules.empty.description')} action={newButton} />;
  else
    content = (
      <SchedulesTable
        schedules={list.data.items}
        deletingId={remove.isPending && remove.variables ? remove.variables.body.scheduleId : null}
        onEdit={(schedule) => setEditing({ kind: 'edit', schedule })}
        onDelete={handleDelete}
      />
    );

  return (
    <Screen pageKey="schedules" extra={newButton}>
      {content}
      <ScheduleEditorDrawer target={editing} onClose={() => setEditing(null)} />
    </Screen>
  );
}
