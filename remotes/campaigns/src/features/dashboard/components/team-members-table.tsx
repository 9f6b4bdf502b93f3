import { Card, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamMemberStatistics } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { totalTiles, type TotalKey } from '../../campaign-page/utils/figures';
import { useGetTeamStatistics } from '../api/get-team-statistics';
import type { DayRange } from '../utils/date-range';
import { FigureCell } from './figure-cell';

const MEMBER_FIGURES: readonly TotalKey[] = ['sent', 'delivered', 'opened', 'clicked', 'replied', 'bounced', 'linkedin_invite', 'linkedin_replied'];

export type TeamMembersTableProps = { range: DayRange; isLead: boolean };

/** POST /team/statistics: a team lead sees every member's figures, anyone else only their own. */
export function TeamMembersTable({ range, isLead }: TeamMembersTableProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const team = useGetTeamStatistics(range);
  const columns: TableColumnsType<TeamMemberStatistics> = [
    {
      key: 'name',
      title: t('dashboard.team.member'),
      fixed: 'left',
      render: (_: unknown, member) => (
        <span>
          {member.name || member.email} {member.isLead ? <Tag color="gold">{t('dashboard.team.lead')}</Tag> : null}
          <div style={{ fontSize: 12, opacity: 0.7 }}>{member.email}</div>
        </span>
      ),
    },
    { key: 'campaigns', dataIndex: 'campaigns', title: t('dashboard.team.campaigns'), align: 'right' },
    ...MEMBER_FIGURES.map((key) => ({
      key,
      title: t(`campaignPage.kinds.${key}`),
      align: 'right' as const,
      render: (_: unknown, member: TeamMemberStatistics) => <FigureCell tile={totalTiles([key], member)[0]!} locale={i18n.language} />,
    })),
  ];
  let body;
  if (team.isPending) body = <LoadingState label={t('dashboard.loading')} />;
  else if (team.isError) body = <ErrorState error={team.error} onRetry={() => void team.refetch()} />;
  else if (team.data.members.length === 0) body = <EmptyState title={t('dashboard.team.empty')} />;
  else
    body = (
      <Table<TeamMemberStatistics>
        size="small"
        rowKey="userId"
        dataSource={team.data.members}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
      />
    );
  return (
    <Card size="small" title={t(isLead ? 'dashboard.team.titleLead' : 'dashboard.team.titleOwn')} data-testid="team-statistics">
      {body}
    </Card>
  );
}
