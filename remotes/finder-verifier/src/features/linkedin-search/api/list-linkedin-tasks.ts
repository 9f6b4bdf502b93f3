import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { POLLING, finderLinkedinList } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** GET /linkedin-search/tasks: the caller's search tasks. */
export const listLinkedinTasksQueryOptions = (page: number) =>
  routeQueryOptions(finderLinkedinList, { query: { page } }, finderVerifierKeys.linkedinTasks());

/** Asked again while a task is still running (pushes refresh it sooner). */
export const useListLinkedinTasks = (page: number) =>
  useQuery({
    ...listLinkedinTasksQueryOptions(page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((task) => task.status === 'queued' || task.status === 'in_progress')
        ? POLLING.parsingEmailSearchMs
        : false,
  });
