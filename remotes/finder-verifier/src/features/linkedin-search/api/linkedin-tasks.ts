import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  POLLING,
  finderLinkedinBadLinks,
  finderLinkedinCreate,
  finderLinkedinDelete,
  finderLinkedinList,
  finderLinkedinStop,
} from '@leadforge/contracts';
import { callApi, routeMutation, routeQueryOptions, usePushEvent } from '@leadforge/api-client';
import { finderKeys } from '../../single-email-search/api/keys';

export const linkedinKeys = { all: finderKeys.scope('linkedin') };

/** GET /linkedin-search/tasks: the caller's search tasks; re-polled while one is still running. */
export const linkedinTasksQuery = (page: number) => routeQueryOptions(finderLinkedinList, { query: { page } }, linkedinKeys.all);
export const useLinkedinTasks = (page: number) =>
  useQuery({
    ...linkedinTasksQuery(page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((task) => task.status === 'queued' || task.status === 'in_progress') ? POLLING.parsingEmailSearchMs : false,
  });

/** POST /linkedin-search/tasks. */
export const useCreateLinkedinTask = () => useMutation(routeMutation(finderLinkedinCreate, { invalidates: () => [linkedinKeys.all] }));
/** POST /linkedin-search/tasks/:id/stop. */
export const useStopLinkedinTask = () => useMutation(routeMutation(finderLinkedinStop, { invalidates: () => [linkedinKeys.all] }));
/** DELETE /linkedin-search/tasks/:id. */
export const useDeleteLinkedinTask = () => useMutation(routeMutation(finderLinkedinDelete, { invalidates: () => [linkedinKeys.all] }));
/** GET /linkedin-search/tasks/:id/bad-links: CSV of the profile links the task could not use. */
export const downloadBadLinks = async (id: number): Promise<Blob> => (await callApi(finderLinkedinBadLinks, { params: { id } })) as Blob;

/** The API reports search tasks as `linkedin.search`; each push refreshes the task list. */
export const LINKEDIN_TASK_KIND = 'linkedin.search';
export function useLinkedinTaskPushes(): void {
  const queryClient = useQueryClient();
  usePushEvent('job.progress', ({ payload }) => {
    if (payload.kind === LINKEDIN_TASK_KIND) void queryClient.invalidateQueries({ queryKey: linkedinKeys.all });
  });
}
