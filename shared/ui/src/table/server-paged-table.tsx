import type { Key, ReactNode } from 'react';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { EmptyState } from '../states/states';

export type ServerPagedTableProps<T extends Record<string, unknown>> = {
  headerTitle?: ReactNode;
  rowKey: (keyof T & string) | ((row: T) => Key);
  columns: ProColumns<T>[];
  dataSource: readonly T[] | undefined;
  loading?: boolean;
  /** What an empty page says. */
  emptyText: string;
  /** The server's page (1-based), its size, the total and how to ask for another page. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
};

/**
 * A table of one page the server answered: no client-side search or options, a fixed page size,
 * and wide tables that scroll inside their card instead of squeezing columns or the page on a
 * phone. The history and task tables of the areas share it.
 */
export function ServerPagedTable<T extends Record<string, unknown>>({
  headerTitle,
  rowKey,
  columns,
  dataSource,
  loading,
  emptyText,
  page,
  pageSize,
  total,
  onPageChange,
}: ServerPagedTableProps<T>) {
  return (
    <ProTable<T>
      scroll={{ x: 'max-content' }}
      headerTitle={headerTitle}
      rowKey={rowKey}
      search={false}
      options={false}
      loading={loading}
      columns={columns}
      dataSource={dataSource as T[] | undefined}
      locale={{ emptyText: <EmptyState title={emptyText} /> }}
      pagination={{ current: page, pageSize, total, showSizeChanger: false, onChange: onPageChange }}
    />
  );
}
