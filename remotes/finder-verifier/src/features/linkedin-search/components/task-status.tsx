import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SocialUrlImportStatus } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

const STATUS_COLOR: Record<SocialUrlImportStatus, string> = {
  uploaded: 'default',
  queued: 'default',
  in_progress: 'processing',
  stopped: 'warning',
  completed: 'success',
  failed: 'error',
};

export type TaskStatusProps = {
  status: SocialUrlImportStatus;
  /** Why it stopped or failed by itself: an error key (its title is shown). */
  reason: string | null;
};

/** A search task's or an import's status, and why when it stopped by itself (its account lost its session, …). */
export function TaskStatus({ status, reason }: TaskStatusProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const reasonKey = `errors:${reason}.title`;
  return (
    <Space orientation="vertical" size={0}>
      <Tag color={STATUS_COLOR[status]} data-task-status={status}>
        {t(`linkedin.statuses.${status}`)}
      </Tag>
      {reason ? (
        <Typography.Text type="secondary" data-status-reason={reason}>
          {i18n.exists(reasonKey) ? t(reasonKey) : reason}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
