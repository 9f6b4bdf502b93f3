import type { ReactNode } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';

export type TaskRowActionsProps = {
  /** Queued or in progress: it can be stopped. */
  running: boolean;
  badLinksCount: number;
  /** The question asked before deleting (a search task and an import say it their own way). */
  deleteConfirm: string;
  onStop: () => void;
  onDownloadBadLinks: () => void;
  onDelete: () => void;
  /** Actions of the row's own, shown first (an import's start). */
  children?: ReactNode;
};

/**
 * The row actions a LinkedIn search task and a social-url import share (document 2 §7.5): stop
 * while it runs, download the bad links once there are some, and delete after a confirmation.
 */
export function TaskRowActions({ running, badLinksCount, deleteConfirm, onStop, onDownloadBadLinks, onDelete, children }: TaskRowActionsProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Space size={4} wrap>
      {children}
      {running ? (
        <Button size="small" onClick={onStop}>
          {t('linkedin.stop')}
        </Button>
      ) : null}
      <Button size="small" disabled={badLinksCount === 0} onClick={onDownloadBadLinks}>
        {t('linkedin.downloadBadLinks')}
      </Button>
      <Popconfirm title={deleteConfirm} onConfirm={onDelete}>
        <Button size="small" danger>
          {t('linkedin.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
