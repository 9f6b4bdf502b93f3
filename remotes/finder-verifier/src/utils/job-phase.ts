/** Where a background job is, whatever its area calls its states. */
export type JobPhase = 'queued' | 'running' | 'paused' | 'finished' | 'failed';
export type JobAction = 'pause' | 'resume' | 'cancel';

const PERCENT = 100;

/** How far a job is; a job with nothing to do is done. */
export const jobPercent = (job: { processed: number; total: number }) =>
  job.total === 0 ? PERCENT : Math.floor((job.processed / job.total) * PERCENT);

/** What can still be done to a job in this phase: a running one paused or cancelled, a paused one resumed or cancelled. */
export function jobActions(phase: JobPhase): JobAction[] {
  if (phase === 'queued' || phase === 'running') return ['pause', 'cancel'];
  if (phase === 'paused') return ['resume', 'cancel'];
  return [];
}
