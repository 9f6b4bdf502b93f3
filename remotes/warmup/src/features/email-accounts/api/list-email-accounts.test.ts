import { createElement, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createQueryClient } from '@leadforge/api-client';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { warmupKeys } from '../../../query-keys';
import { useListEmailAccounts } from './list-email-accounts';

const api = withApiDouble();

it('asks the server for one page, searched and filtered, under the key every mailbox change refreshes', async () => {
  api().on('GET /email-account/list', { body: { items: [], total: 51, page: 2, perPage: 50, dailyLimitMax: 200 } });
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children);
  const { result } = renderHook(() => useListEmailAccounts({ page: 2, search: 'ada', status: 'paused' }), { wrapper });

  await waitFor(() => expect(result.current.data?.total).toBe(51));
  expect(api().callsTo('GET /email-account/list').map((call) => call.query.toString())).toEqual(['page=2&perPage=50&search=ada&status=paused']);
  expect(queryClient.getQueryCache().findAll({ queryKey: warmupKeys.emailAccounts() })).toHaveLength(1);
});
