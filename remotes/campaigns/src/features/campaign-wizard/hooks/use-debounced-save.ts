import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the wizard waits after the last edit before saving (typing in a block stays one save). */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * Saves the latest value once edits pause; a pending value is saved at once when the step is
 * left (unmount), so nothing typed is lost by clicking "Next" quickly. `flush` saves now.
 * `unsaved` holds from the first edit until its save has settled (waiting for the pause
 * included): a "saved" indicator must not claim an edit that has not reached the server yet.
 */
export function useDebouncedSave<T>(save: (value: T) => unknown, delay = AUTOSAVE_DELAY_MS) {
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(0);
  const [unsaved, setUnsaved] = useState(false);
  const saveRef = useRef(save);
  saveRef.current = save;

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    inFlight.current += 1;
    void Promise.resolve(saveRef.current(next.value))
      .catch(() => undefined)
      .finally(() => {
        inFlight.current -= 1;
        setUnsaved(pending.current !== null || inFlight.current > 0);
      });
  }, []);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      setUnsaved(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, delay);
    },
    [delay, flush],
  );

  useEffect(() => flush, [flush]);
  return { schedule, flush, unsaved };
}
