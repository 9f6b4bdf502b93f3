import { warmupAccountSchema, warmupStatisticsResponseSchema, warmupUserLimitsSchema } from '@leadforge/contracts';
import { testStatistics, testUserLimits, testWarmupAccount } from './test-data';

it('builds test answers the contracts accept as they are', () => {
  expect(() => warmupAccountSchema.strict().parse(testWarmupAccount())).not.toThrow();
  expect(() => warmupUserLimitsSchema.strict().parse(testUserLimits())).not.toThrow();
  expect(() => warmupStatisticsResponseSchema.strict().parse(testStatistics())).not.toThrow();
});
