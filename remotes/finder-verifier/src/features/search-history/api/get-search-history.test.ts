import { createElement, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createQueryClient } from '@leadforge/api-client';
import type { SearchHistoryItem } from '@leadforge/contracts';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { finderVerifierKeys } from '../../../query-keys';
import { useGetSearchHistory } from './get-search-history';

const api = withApiDouble();

const item: SearchHistoryItem = {
  searchId: 'AbCdEfGh12345678',
  kind: 'domain',
  label: 'acme.test',
  domain: 'acme.test',
  email: null,
  status: null,
  found: 3,
  createdAt: '2026-11-21T10:00:00.000Z',
};

it('asks for one kind of past search a page at a time, under the history key a new search refreshes', async () => {
  api().on('GET /email-finder/history', { body: { items: [item], total: 21, page: 2, perPage: 20 } });
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  const { result } = renderHook(() => useGetSearchHistory(2, 'domain'), { wrapper });

  await waitFor(() => expect(result.current.data?.items).toEqual([item]));
  expect(
    api()
      .callsTo('GET /email-finder/history')
      .map((call) => call.query.toString()),
  ).toEqual(['page=2&kind=domain']);
  expect(queryClient.getQueryCache().findAll({ queryKey: finderVerifierKeys.searchHistory() })).toHaveLength(1);
});
