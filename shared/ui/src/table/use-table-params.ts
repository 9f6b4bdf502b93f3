import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { patchParams, type ParamPatch } from './search-params';

/**
 * The screen's search parameters and a way to change some of them. A change replaces the history
 * entry: paging through a table should not make Back step through every page seen.
 */
export function useTableParams(): [URLSearchParams, (patch: ParamPatch) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: ParamPatch) => setParams((current) => patchParams(current, patch), { replace: true }),
    [setParams],
  );
  return [params, update];
}
