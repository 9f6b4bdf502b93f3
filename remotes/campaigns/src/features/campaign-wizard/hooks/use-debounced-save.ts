import { useCallback, useEffect, useRef } from 'react';

/** How long the wizard waits after the last edit before saving (typing in a block stays one save). */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * Saves the latest value once edits pause; a pending value is saved at once when the step is
 * left (unmount), so nothing typed is lost by clicking "Next" quickly. `flush` saves now.
 */
export function useDebouncedSave<T>(save: (value: T) => void, delay = AUTOSAVE_DELAY_MS) {
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  saveRef.current = save;

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (next) saveRef.current(next.value);
  }, []);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, delay);
    },
    [delay, flush],
  );

  useEffect(() => flush, [flush]);
  return { schedule, flush };
}
