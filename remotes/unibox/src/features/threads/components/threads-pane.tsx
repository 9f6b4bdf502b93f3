import { useCallback, useMemo, useState } from 'react';
import { Button, Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UniboxEmailAccount, UniboxLinkedinAccount, UniboxThreadRow } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { EMAIL_ACCOUNTS_PATH } from '../../../paths';
import { useListThreadGroups } from '../api/list-thread-groups';
import { useThreadMarks } from '../hooks/use-thread-marks';
import { isFiltered, threadGroupsBody, type ThreadView } from '../utils/thread-filters';
import { ThreadActions } from './thread-actions';
import { ThreadFiltersBar } from './thread-filters-bar';
import { ThreadList } from './thread-list';




export type ThreadsPaneProps = {
  view: ThreadView;
  forUserId: number | undefined;
  accounts: readonly UniboxEmailAccount[];
  linkedinAccounts: readonly UniboxLinkedinAccount[];
  activeId: number | null;
  onViewChange(next: ThreadView): void;
  onClearView(): void;
  onOpen(row: UniboxThreadRow): void;
};

/** The middle pane: filters, the selection's actions, the total and the infinite list. */
export function ThreadsPane({ view, forUserId, accounts, linkedinAccounts, activeId, onViewChange, onClearView, onOpen }: ThreadsPaneProps) {
  const { t } = useTranslation(NAMESPACE);
  const body = useMemo(() => threadGroupsBody(view, forUserId), [view, forUserId]);
  const list = useListThreadGroups(body);
  const marks = useThreadMarks(forUserId);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  // The latest page knows most: past the count's cap its total is the rows up to it, and the end
  // of the list, once reached, is counted exactly.
  const lastPage = list.data?.pages.at(-1);
  const total = lastPage?.total ?? 0;
  const totalCapped = lastPage?.totalCapped ?? false;
  // Only rows still in the list count as selected (a filter change or a delete drops the rest).
  const selectedIds = useMemo(() => new Set(rows.filter((row) => selected.has(row.id)).map((row) => row.id)), [rows, selected]);
  const knownCampaigns = useMemo(() => rows.flatMap((row) => (row.campaign ? [{ value: row.campaign.id, label: row.campaign.title }] : [])), [rows]);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = list;
  const handleLoadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const handleSelect = (row: UniboxThreadRow, on: boolean) => {
    const next = new Set(selectedIds);
    if (on) next.add(row.id);
    else next.delete(row.id);
    setSelected(next);
  };
  const ids = [...selectedIds];

  let content;
  if (list.isPending) content = <LoadingState label={t('list.loading')} />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (rows.length === 0 && isFiltered(view))
    content = <EmptyState title={t('list.emptyFiltered')} action={<Button onClick={onClearView}>{t('filters.clear')}</Button>} />;
  else if (rows.length === 0)
    content = (
      <EmptyState
        title={t('list.empty.title')}
        description={t('list.empty.description')}
        action={<Link to={EMAIL_ACCOUNTS_PATH}>{t('list.empty.connect')}</Link>}
      />
    );
  else
    content = (
      <ThreadList
        rows={rows}
        activeId={activeId}
        selectedIds={selectedIds}
        hasNextPage={hasNextPage}
        fetchingNextPage={isFetchingNextPage}
        onLoadMore={handleLoadMore}
        onOpen={onOpen}
        onSelect={handleSelect}
        onStar={(row, isStarred) => marks.star([row.id], isStarred)}
      />
    );

  return (
    <Flex vertical gap={8} style={{ height: '100%', minHeight: 0 }}>
      <ThreadFiltersBar view={view} accounts={accounts} linkedinAccounts={linkedinAccounts} knownCampaigns={knownCampaigns} onChange={onViewChange} onClear={onClearView} />
      <Flex justify="space-between" align="center" gap={8} wrap style={{ minHeight: 32 }}>
        <Checkbox
          aria-label={t('list.selectAll')}
          disabled={rows.length === 0}
          checked={rows.length > 0 && selectedIds.size === rows.length}
          indeterminate={selectedIds.size > 0 && selectedIds.size < rows.length}
          onChange={(event) => setSelected(new Set(event.target.checked ? rows.map((row) => row.id) : []))}
        />
        {selectedIds.size > 0 ? (
          <Flex gap={8} align="center" data-testid="selection-actions">
            <Typography.Text>{t('list.selected', { count: selectedIds.size })}</Typography.Text>
            <ThreadActions
              disabled={marks.pending}
              canDelete={!view.trash}
              onRead={(isRead) => marks.markRead(ids, isRead)}
              onStar={(isStarred) => marks.star(ids, isStarred)}
              onDelete={() => marks.remove(ids, () => setSelected(new Set()))}
            />
          </Flex>
        ) : list.isSuccess ? (
          <Typography.Text type="secondary" data-testid="thread-total">
            {t(totalCapped ? 'list.totalAtLeast' : 'list.total', { count: total })}
          </Typography.Text>
        ) : null}
      </Flex>
      {content}
    </Flex>
  );
}
