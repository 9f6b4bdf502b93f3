import { jobActions, jobPercent } from './job-phase';

describe('bulk jobs', () => {
  it('offers pause and cancel while a job waits or runs, resume and cancel once paused, nothing once over', () => {
    expect(jobActions('queued')).toEqual(['pause', 'cancel']);
    expect(jobActions('running')).toEqual(['pause', 'cancel']);
    expect(jobActions('paused')).toEqual(['resume', 'cancel']);
    expect(jobActions('finished')).toEqual([]);
    expect(jobActions('failed')).toEqual([]);
  });

  it('counts progress in whole percent and calls an empty job done', () => {
    expect(jobPercent({ processed: 125, total: 500 })).toBe(25);
    expect(jobPercent({ processed: 2, total: 3 })).toBe(66);
    expect(jobPercent({ processed: 0, total: 0 })).toBe(100);
  });
});
