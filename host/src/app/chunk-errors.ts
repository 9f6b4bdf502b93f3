import { atom, getDefaultStore } from 'jotai';
import { isChunkLoadError, reportError } from './report-error';

/** Set when a script or stylesheet chunk failed to load: usually a new version was deployed. */
export const newVersionAvailableAtom = atom(false);

/** Tells the shell a chunk failed; the notice offers a reload. */
export function signalChunkLoadError(store = getDefaultStore()): void {
  store.set(newVersionAvailableAtom, true);
}

/** Routes a thrown value: chunk failures raise the notice, everything else goes to reporting. */
export function handleGlobalError(error: unknown, store = getDefaultStore()): void {
  if (isChunkLoadError(error)) {
    signalChunkLoadError(store);
    return;
  }
  reportError(error);
}

/**
 * Window-level handlers for what no boundary catches (lazy chunks of event handlers, rejected
 * promises). Returns an uninstall function.
 */
export function installGlobalErrorHandlers(target: Window = window, store = getDefaultStore()): () => void {
  const handleError = (event: ErrorEvent) => handleGlobalError(event.error ?? event.message, store);
  const handleRejection = (event: PromiseRejectionEvent) => handleGlobalError(event.reason, store);
  target.addEventListener('error', handleError);
  target.addEventListener('unhandledrejection', handleRejection);
  return () => {
    target.removeEventListener('error', handleError);
    target.removeEventListener('unhandledrejection', handleRejection);
  };
}
