import { defaultSequenceFixture } from './plan-fixtures';
import { sequenceInWords, waitInUnits } from './plan-in-words';

describe('the sequence in words', () => {
  it('writes waits in the largest whole unit', () => {
    expect(waitInUnits(48, 'hours')).toEqual({ count: 2, unit: 'days' });
    expect(waitInUnits(5, 'hours')).toEqual({ count: 5, unit: 'hours' });
    expect(waitInUnits(90, 'minutes')).toEqual({ count: 90, unit: 'minutes' });
    expect(waitInUnits(2880, 'minutes')).toEqual({ count: 2, unit: 'days' });
  });

  it('reads email → delay → trigger with both branches, numbered in order', () => {
    const lines = sequenceInWords(defaultSequenceFixture());
    expect(lines.map((line) => [line.key, line.depth, line.values.step ?? null])).toEqual([
      ['email', 0, 1],
      ['delay', 0, 2],
      ['trigger', 0, 3],
      ['ifYes', 1, null],
      ['email', 2, 4],
      ['end', 2, null],
      ['ifNo', 1, null],
      ['email', 2, 5],
      ['end', 2, null],
    ]);
    expect(lines[0]?.values.subject).toBe('Hello {{firstName}}');
    expect(lines[2]?.values).toMatchObject({ condition: 'email_opened', count: 2, unit: 'days' });
  });

  it('refers back to a block reached twice instead of walking a loop forever', () => {
    const flowchart = defaultSequenceFixture();
    // The "no" email leads back to the first email.
    flowchart.links.push({ from: 'e3', to: 'e1', output: 'next' });
    const lines = sequenceInWords(flowchart);
    expect(lines.at(-1)).toEqual({ key: 'continueAt', values: { step: 1 }, depth: 2 });
  });

  it('says so when there is no start block', () => {
    expect(sequenceInWords({ operators: [], links: [] })).toEqual([{ key: 'noStart', values: {}, depth: 0 }]);
  });
});
