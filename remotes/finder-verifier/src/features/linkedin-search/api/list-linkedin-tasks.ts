import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { finderLinkedinList } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** GET /linkedin-search/tasks: the caller's search tasks (running ones are polled by batch-show). */
export const listLinkedinTasksQueryOptions = (page: number) =>
  routeQueryOptions(finderLinkedinList, { query: { page } }, finderVerifierKeys.linkedinTasks());

export const useListLinkedinTasks = (page: number) => useQuery({ ...listLinkedinTasksQueryOptions(page), placeholderData: keepPreviousData });
