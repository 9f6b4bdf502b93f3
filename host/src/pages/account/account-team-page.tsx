import { ProCard, ProForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { Button, Flex, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  TEAM_GROUPS,
  teamChangeGroup,
  teamInvite,
  teamRegenerateCode,
  teamRemoveMember,
  type TeamGroup,
} from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { EmptyState, ErrorState, LoadingState, PageHeader, ScrollArea, useApiErrorModal, useToast } from '@leadforge/ui';
import { teamInfoQuery, teamKeys } from '../../app/queries/shell-queries';
import { submitOnly } from '../../app/submitter';
import { userInfoQueryOptions } from '../../app/session-bridge';

type InviteValues = { email: string; group: TeamGroup };

/** The shareable join link of the team (handled by /team/check-code/:code). */
export function joinLinkFor(code: string, origin: string = window.location.origin): string {
  return `${origin}/team/check-code/${encodeURIComponent(code)}`;
}

/** /account/team: the team, its members and invitations, the join link, invite and leave. */
export function AccountTeamPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useApiErrorModal();
  const queryClient = useQueryClient();
  const info = useQuery(teamInfoQuery);
  const { data: userInfo } = useQuery(userInfoQueryOptions);
  const invalidateTeam = () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
  const groupLabel = (group: string | null) =>
    group && (TEAM_GROUPS as readonly string[]).includes(group) ? t(`shell:team.groups.${group === 'Team records' ? 'teamRecords' : 'ownRecords'}`) : '—';

  const invite = useMutation({
    mutationFn: (body: InviteValues) => callApi(teamInvite, { body }),
    onSuccess: async (invitation) => {
      await invalidateTeam();
      toast.success(t('shell:team.inviteSent', { email: invitation.email }));
    },
    onError: (error) => showError(error),
  });
  const changeGroup = useMutation({
    mutationFn: ({ id, group }: { id: number; group: TeamGroup }) => callApi(teamChangeGroup, { params: { id }, body: { group } }),
    onSuccess: () => invalidateTeam(),
    onError: (error) => showError(error),
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(teamRemoveMember, { params: { id } }),
    onSuccess: () => invalidateTeam(),
    onError: (error) => showError(error),
  });
  const regenerate = useMutation({
    mutationFn: () => callApi(teamRegenerateCode),
    onSuccess: () => invalidateTeam(),
    onError: (error) => showError(error),
  });

  const header = <PageHeader title={t('shell:routes.accountTeam')} />;
  if (info.isPending) return <>{header}<LoadingState /></>;
  if (info.isError) return <>{header}<ErrorState error={info.error} onRetry={() => void info.refetch()} /></>;

  const { team, members, invitations, canInvite } = info.data;
  const isLead = Boolean(team && userInfo?.account && team.lead.id === userInfo.account.id);
  const groupOptions = TEAM_GROUPS.map((group) => ({ value: group, label: groupLabel(group) }));

  return (
    <Flex vertical gap={16}>
      {header}
      {team ? (
        <ProCard
          title={team.name}
          subTitle={`${t('shell:team.lead')}: ${team.lead.name}`}
          variant="outlined"
          extra={
            isLead ? null : (
              <Button danger onClick={() => navigate('/team/leave-team')}>
                {t('shell:team.leave')}
              </Button>
            )
          }
        >
          {team.joinCode ? (
            <Flex vertical gap={8}>
              <Typography.Text strong>{t('shell:team.joinLink')}</Typography.Text>
              <Typography.Text copyable code>
                {joinLinkFor(team.joinCode)}
              </Typography.Text>
              {isLead ? (
                <div>
                  <Button loading={regenerate.isPending} onClick={() => regenerate.mutate()}>
                    {t('shell:team.newJoinLink')}
                  </Button>
                </div>
              ) : null}
            </Flex>
          ) : null}
        </ProCard>
      ) : (
        <ProCard variant="outlined">
          <EmptyState title={t('shell:team.noTeam')} description={canInvite ? undefined : t('shell:team.cannotInvite')} />
        </ProCard>
      )}

      {canInvite ? (
        <ProCard title={t('shell:team.invite')} variant="outlined">
          <ProForm<InviteValues>
            autoFocusFirstInput={false}
            layout="inline"
            initialValues={{ group: 'Team records' }}
            onFinish={async (values) => {
              await invite.mutateAsync(values).catch(() => undefined);
              return true;
            }}
            submitter={submitOnly(t('shell:team.invite'), invite.isPending, false)}
          >
            <ProFormText
              name="email"
              placeholder={t('auth:fields.email')}
              fieldProps={{ 'aria-label': t('shell:team.inviteEmail') }}
              rules={[
                { required: true, message: t('auth:validation.emailRequired') },
                { type: 'email', message: t('auth:validation.emailInvalid') },
              ]}
            />
            <ProFormSelect name="group" options={groupOptions} allowClear={false} fieldProps={{ 'aria-label': t('shell:team.group') }} />
          </ProForm>
        </ProCard>
      ) : null}

      {team ? (
        <ProCard title={t('shell:team.members')} variant="outlined">
          <ScrollArea label={t('shell:team.members')}>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={members}
              locale={{ emptyText: <EmptyState title={t('shell:team.noMembers')} /> }}
              columns={[
                { key: 'name', title: t('auth:fields.name'), dataIndex: 'name' },
                { key: 'email', title: t('auth:fields.email'), dataIndex: 'email' },
                {
                  key: 'group',
                  title: t('shell:team.group'),
                  render: (_value, member) =>
                    member.isLead === 1 ? (
                      <Tag color="gold">{t('shell:team.lead')}</Tag>
                    ) : isLead ? (
                      <Select<TeamGroup>
                        size="small"
                        aria-label={t('shell:team.group')}
                        value={(member.group as TeamGroup | null) ?? undefined}
                        options={groupOptions}
                        onChange={(group) => changeGroup.mutate({ id: member.id, group })}
                        style={{ minWidth: 180 }}
                      />
                    ) : (
                      groupLabel(member.group)
                    ),
                },
                {
                  key: 'joinedAt',
                  title: t('shell:team.joinedAt'),
                  dataIndex: 'joinedAt',
                  render: (value: string) => new Date(value).toLocaleDateString(i18n.language),
                },
                ...(isLead
                  ? [
                      {
                        key: 'actions',
                        title: '',
                        render: (_value: unknown, member: (typeof members)[number]) =>
                          member.isLead === 1 ? null : (
                            <Popconfirm
                              title={t('shell:team.removeConfirm', { name: member.name })}
                              okText={t('shell:team.remove')}
                              cancelText={t('common:actions.cancel')}
                              onConfirm={() => remove.mutate(member.id)}
                            >
                              <Button danger size="small">
                                {t('shell:team.remove')}
                              </Button>
                            </Popconfirm>
                          ),
                      },
                    ]
                  : []),
              ]}
            />
          </ScrollArea>
          {invitations.length > 0 ? (
            <Flex vertical gap={4} style={{ marginTop: 16 }}>
              <Typography.Text strong>{t('shell:team.invitations')}</Typography.Text>
              {invitations.map((invitation) => (
                <Typography.Text key={invitation.id} type="secondary">
                  {t('shell:team.invitationLine', {
                    email: invitation.email,
                    group: groupLabel(invitation.group),
                    date: new Date(invitation.expiresAt).toLocaleDateString(i18n.language),
                  })}
                </Typography.Text>
              ))}
            </Flex>
          ) : null}
        </ProCard>
      ) : null}
    </Flex>
  );
}
