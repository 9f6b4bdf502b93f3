/**
 * The list screens poll only their running rows (batch-show) and write the answers into the page
 * they show, so a page of finished tasks costs no request and a running one moves without the
 * whole list being fetched again.
 */

type Row = { id: number; status: string };
type Page<T extends Row> = { items: T[]; total: number };

/** Still moving: queued or running (an upload waits for its start and is not polled). */
export function isRunning(row: Row): boolean {
  return row.status === 'queued' || row.status === 'in_progress';
}

/** The ids of a page worth polling, in a stable order (the request key does not churn). */
export function runningIds(rows: readonly Row[]): number[] {
  return rows
    .filter(isRunning)
    .map((row) => row.id)
    .sort((a, b) => a - b);
}

/** A list page with the rows batch-show answered replaced; the same page object when nothing changed. */
export function withLiveRows<P extends Page<Row>>(page: P, live: readonly P['items'][number][]): P {
  const byId = new Map(live.map((row) => [row.id, row]));
  if (!page.items.some((row) => byId.has(row.id) && byId.get(row.id) !== row)) return page;
  return { ...page, items: page.items.map((row) => byId.get(row.id) ?? row) };
}

/** Whether a value in the query cache is a list page (batch-show answers share the scope). */
export function isListPage<T extends Row>(value: unknown): value is Page<T> {
  return typeof value === 'object' && value !== null && Array.isArray((value as Page<T>).items) && typeof (value as Page<T>).total === 'number';
}
