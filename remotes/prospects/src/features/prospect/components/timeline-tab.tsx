import { useState } from 'react';
import { Pagination, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { TIMELINE_PER_PAGE, useTimeline } from '../api/get-timeline';

export type TimelineTabProps = { prospectId: number };

/** What happened to the prospect, newest first, 20 per page. */
export function TimelineTab({ prospectId }: TimelineTabProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [page, setPage] = useState(1);
  const timeline = useTimeline(prospectId, page);
  if (timeline.isPending) return <LoadingState />;
  if (timeline.isError) return <ErrorState error={timeline.error} onRetry={() => void timeline.refetch()} />;
  if (timeline.data.items.length === 0) return <EmptyState title={t('timeline.empty')} />;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <Timeline
        items={timeline.data.items.map((item) => ({
          key: item.id,
          children: (
            <>
              <Typography.Text strong>{t(`timeline.kinds.${item.kind}`, { defaultValue: item.kind })}</Typography.Text>{' '}
              <Typography.Text type="secondary">{date.format(new Date(item.createdAt))}</Typography.Text>
            </>
          ),
        }))}
      />
      {timeline.data.total > TIMELINE_PER_PAGE ? (
        <Pagination size="small" current={page} pageSize={TIMELINE_PER_PAGE} total={timeline.data.total} onChange={setPage} />
      ) : null}
    </>
  );
}
