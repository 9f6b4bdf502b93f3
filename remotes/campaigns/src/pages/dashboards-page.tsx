import { useState } from 'react';
import { Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_CHANNELS, type DashboardChannel } from '@leadforge/contracts';
import { useSessionFacts } from '@leadforge/session';
import { Screen } from '../components/screen';
import { NAMESPACE } from '../i18n';
import { DashboardChannelView } from '../features/dashboard/components/dashboard-channel';
import { DashboardRangePicker, type RangePreset } from '../features/dashboard/components/range-picker';
import { TeamMembersTable } from '../features/dashboard/components/team-members-table';
import { lastDays, type DayRange } from '../features/dashboard/utils/date-range';

/**
 * /campaigns/dashboards: results of the campaigns the caller sees over a range of days — email,
 * LinkedIn and both together, charted per day and tabled per campaign — and the per-member
 * figures of /team/statistics (every member for a team lead, one's own for anyone else).
 */
export function DashboardsPage() {
  const { t } = useTranslation(NAMESPACE);
  const { accountKind } = useSessionFacts();
  const [range, setRange] = useState<DayRange>(() => lastDays(new Date()));
  const [preset, setPreset] = useState<RangePreset>(30);
  const [channel, setChannel] = useState<DashboardChannel>('email');
  const isLead = accountKind === 'teamLead';

  return (
    <Screen
      pageKey="dashboards"
      extra={
        <DashboardRangePicker
          preset={preset}
          onChange={(next, nextPreset) => {
            setRange(next);
            setPreset(nextPreset);
          }}
        />
      }
    >
      <Flex vertical gap={16}>
        <Tabs
          activeKey={channel}
          onChange={(key) => setChannel(key as DashboardChannel)}
          destroyOnHidden
          items={DASHBOARD_CHANNELS.map((key) => ({
            key,
            label: t(`dashboard.channels.${key}`),
            children: key === channel ? <DashboardChannelView channel={key} range={range} /> : null,
          }))}
        />
        <TeamMembersTable range={range} isLead={isLead} />
      </Flex>
    </Screen>
  );
}
