import { sortAfterColumnDeleted, tableAfterRowCreated, tableAfterRowsDeleted, touchTable } from './enrichment-tables';

const tables = [
  { id: 1, rowsCount: 5, updatedAt: '2024-01-03T00:00:00Z' },
  { id: 2, rowsCount: 0, updatedAt: '2024-01-02T00:00:00Z' },
  { id: 3, rowsCount: 9, updatedAt: '2024-01-01T00:00:00Z' },
];
const now = '2024-02-01T10:00:00Z';

describe('enrichment table list', () => {
  it.each([
    [
      'creating a row raises the count and moves the table up',
      () => tableAfterRowCreated(tables, 3, now),
      [3, 1, 2],
      { id: 3, rowsCount: 10, updatedAt: now },
    ],
    ['creating several rows', () => tableAfterRowCreated(tables, 2, now, 4), [2, 1, 3], { id: 2, rowsCount: 4, updatedAt: now }],
    [
      'deleting rows lowers the count, not below zero',
      () => tableAfterRowsDeleted(tables, 1, now, 50),
      [1, 2, 3],
      { id: 1, rowsCount: 0, updatedAt: now },
    ],
    ['a rename moves the table up', () => touchTable(tables, 2, now), [2, 1, 3], { id: 2, rowsCount: 0, updatedAt: now }],
  ])('%s', (_name, apply, order, top) => {
    const result = apply();
    expect(result.map((t) => t.id)).toEqual(order);
    expect(result[0]).toEqual(top);
  });

  it('leaves the list alone for an unknown table', () => {
    expect(tableAfterRowCreated(tables, 99, now)).toEqual(tables);
  });

  it('does not mutate its input', () => {
    tableAfterRowCreated(tables, 3, now);
    expect(tables[2]).toEqual({ id: 3, rowsCount: 9, updatedAt: '2024-01-01T00:00:00Z' });
  });

  it.each([
    [{ orderId: 4, direction: 'ASC' as const }, 4, null],
    [{ orderId: 4, direction: 'DESC' as const }, 5, { orderId: 4, direction: 'DESC' }],
    [null, 4, null],
  ])('sort %j after deleting column %d → %j', (sort, column, expected) => {
    expect(sortAfterColumnDeleted(sort, column)).toEqual(expected);
  });
});
