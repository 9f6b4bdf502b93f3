import { useTableParams } from '@leadforge/ui';
import { clearedViewParams, readThreadView, threadViewParams, type ThreadView } from '../utils/thread-filters';

/** The list's view read from and written to the URL. */
export function useThreadView(): [ThreadView, (next: ThreadView) => void, () => void] {
  const [params, update] = useTableParams();
  const view = readThreadView(params);
  return [view, (next) => update(threadViewParams(next)), () => update(clearedViewParams())];
}
