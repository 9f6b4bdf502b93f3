import { warmupBulkBodySchema, warmupListQuerySchema, warmupSettingsPatchSchema, warmupStatisticsQuerySchema, warmupStatusBodySchema, WARMUP_LIST } from './warmup';

describe('warm-up calls', () => {
  it('lists 20 per page and takes at most one status batch of ids', () => {
    expect(warmupListQuerySchema.parse({})).toEqual({ page: 1, perPage: WARMUP_LIST.perPage });
    expect(warmupListQuerySchema.parse({ ids: '3,1,3' }).ids).toEqual([3, 1]);
    const batch = Array.from({ length: WARMUP_LIST.statusBatch + 1 }, (_, index) => index + 1).join(',');
    expect(warmupListQuerySchema.safeParse({ ids: batch }).success).toBe(false);
    expect(warmupListQuerySchema.safeParse({ ids: '1,,2' }).success).toBe(false);
  });

  it('refuses a ramp that starts above its ceiling and unknown settings', () => {
    expect(warmupSettingsPatchSchema.safeParse({ startVolume: 20, ceiling: 10 }).success).toBe(false);
    expect(warmupSettingsPatchSchema.safeParse({ ceiling: 30 }).success).toBe(true);
    expect(warmupSettingsPatchSchema.safeParse({ replyRate: 101 }).success).toBe(false);
    expect(warmupSettingsPatchSchema.safeParse({ colour: 'red' }).success).toBe(false);
  });

  it('lets a user set active, paused or disabled, never pending', () => {
    expect(warmupStatusBodySchema.safeParse({ status: 'paused' }).success).toBe(true);
    expect(warmupStatusBodySchema.safeParse({ status: 'pending' }).success).toBe(false);
  });

  it('reads statistics over up to 30 days and bulk changes up to 100 mailboxes', () => {
    expect(warmupStatisticsQuerySchema.parse({ days: '7' }).days).toBe(7);
    expect(warmupStatisticsQuerySchema.parse({}).days).toBe(30);
    expect(warmupStatisticsQuerySchema.safeParse({ days: '31' }).success).toBe(false);
    expect(warmupBulkBodySchema.safeParse({ action: 'start', emailAccountIds: [] }).success).toBe(false);
    expect(warmupBulkBodySchema.safeParse({ action: 'start', emailAccountIds: Array.from({ length: 101 }, (_, i) => i + 1) }).success).toBe(false);
  });
});
