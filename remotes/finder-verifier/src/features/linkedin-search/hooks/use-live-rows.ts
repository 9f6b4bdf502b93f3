import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { POLLING, type LinkedinTask, type SocialUrlImportView } from '@leadforge/contracts';
import { finderVerifierKeys } from '../../../query-keys';
import { batchShowLinkedinTasksQueryOptions } from '../api/batch-show-linkedin-tasks';
import { batchShowSocialUrlImportsQueryOptions } from '../api/batch-show-social-url-imports';
import { isListPage, runningIds, withLiveRows } from '../utils/live-rows';

/** Writes what batch-show answered into every cached page of the list. */
function useWriteLive<T extends { id: number; status: string }>(listKey: QueryKey, live: T[] | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!live) return;
    queryClient.setQueriesData({ queryKey: listKey }, (page: unknown) => (isListPage<T>(page) ? withLiveRows(page, live) : page));
  }, [queryClient, listKey, live]);
}

const poll = { refetchInterval: POLLING.parsingEmailSearchMs } as const;
// One key object each, so the effect above runs only when batch-show answers.
const TASKS = finderVerifierKeys.linkedinTasks();
const IMPORTS = finderVerifierKeys.socialUrlImports();

/** Polls the running search tasks among `rows` in one batch-show call (pushes refresh them sooner). */
export function useLiveLinkedinTasks(rows: readonly LinkedinTask[]): void {
  const ids = runningIds(rows);
  const live = useQuery({ ...batchShowLinkedinTasksQueryOptions(ids), ...poll, enabled: ids.length > 0 });
  useWriteLive(TASKS, live.data?.items);
}

/** Polls the running social-url imports among `rows` in one batch-show call (pushes refresh them sooner). */
export function useLiveSocialUrlImports(rows: readonly SocialUrlImportView[]): void {
  const ids = runningIds(rows);
  const live = useQuery({ ...batchShowSocialUrlImportsQueryOptions(ids), ...poll, enabled: ids.length > 0 });
  useWriteLive(IMPORTS, live.data?.items);
}
