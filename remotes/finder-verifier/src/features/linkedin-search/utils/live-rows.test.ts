import { isListPage, runningIds, withLiveRows } from './live-rows';

const row = (id: number, status: string, found = 0) => ({ id, status, found });

it('polls only the queued and running rows of a page, in id order', () => {
  expect(runningIds([row(9, 'in_progress'), row(3, 'completed'), row(4, 'queued'), row(5, 'uploaded'), row(6, 'stopped')])).toEqual([4, 9]);
  expect(runningIds([row(1, 'failed')])).toEqual([]);
});

it('writes the rows batch-show answered into the page and leaves the others as they were', () => {
  const page = { items: [row(1, 'in_progress', 3), row(2, 'completed', 10)], total: 2, page: 1 };
  const next = withLiveRows(page, [row(1, 'completed', 30), row(7, 'in_progress')]);
  expect(next.items).toEqual([row(1, 'completed', 30), row(2, 'completed', 10)]);
  expect(next.items[1]).toBe(page.items[1]);
  expect(next.total).toBe(2);
  expect(withLiveRows(page, [])).toBe(page);
  expect(withLiveRows(page, [row(7, 'in_progress')])).toBe(page);
});

it('tells a list page from a batch-show answer in the same cache scope', () => {
  expect(isListPage({ items: [], total: 0, page: 1, perPage: 20 })).toBe(true);
  expect(isListPage({ items: [] })).toBe(false);
  expect(isListPage(undefined)).toBe(false);
});
