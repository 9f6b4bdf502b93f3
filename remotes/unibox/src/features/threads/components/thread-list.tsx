import { useEffect, useRef } from 'react';
import { Spin } from 'antd';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { UniboxThreadRow } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { ThreadRow } from './thread-row';

export type ThreadListProps = {
  rows: readonly UniboxThreadRow[];
  activeId: number | null;
  selectedIds: ReadonlySet<number>;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  onLoadMore(): void;
  onOpen(row: UniboxThreadRow): void;
  onSelect(row: UniboxThreadRow, selected: boolean): void;
  onStar(row: UniboxThreadRow, isStarred: boolean): void;
};

const ESTIMATED_ROW_HEIGHT = 96;
/** Rows drawn beyond the visible ones, and how close to the end the next page is asked for. */
const OVERSCAN = 6;
const LOAD_AHEAD = 5;

/**
 * The conversations, virtualised (only the rows in view are in the DOM, however many pages were
 * loaded) with the next page asked for as the user nears the end: TanStack Virtual's infinite
 * scroll pattern over react-query's infinite query.
 */
export function ThreadList({ rows, activeId, selectedIds, hasNextPage, fetchingNextPage, onLoadMore, onOpen, onSelect, onStar }: ThreadListProps) {
  const { t } = useTranslation(NAMESPACE);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length + (hasNextPage ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : -1;
  useEffect(() => {
    if (hasNextPage && !fetchingNextPage && lastIndex >= rows.length - LOAD_AHEAD) onLoadMore();
  }, [hasNextPage, fetchingNextPage, lastIndex, rows.length, onLoadMore]);
  // One "now" per render, so every row's "5 minutes ago" is measured from the same instant.
  const now = new Date();

  return (
    <div ref={scrollRef} role="region" aria-label={t('list.region')} tabIndex={0} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
      <div role="list" aria-label={t('list.label')} aria-busy={fetchingNextPage} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = rows[item.index];
          return (
            <div
              key={row ? row.id : 'loader'}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              {row ? (
                <ThreadRow
                  row={row}
                  active={row.id === activeId}
                  selected={selectedIds.has(row.id)}
                  now={now}
                  onOpen={onOpen}
                  onSelect={onSelect}
                  onStar={onStar}
                />
              ) : (
                <div role="status" style={{ padding: 16, textAlign: 'center' }}>
                  <Spin size="small" /> {t('list.loadingMore')}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
