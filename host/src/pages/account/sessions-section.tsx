import { Button, Flex, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { signOutOtherSessions } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { EmptyState, ErrorState, ScrollArea, useApiErrorModal, useToast } from '@leadforge/ui';
import { securityKeys, sessionsQuery } from '../../app/queries/shell-queries';

export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const showError = useApiErrorModal();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const signOutOthers = useMutation({
    mutationFn: () => callApi(signOutOtherSessions),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: securityKeys.all });
      toast.success(t('shell:profile.signedOutOthers', { count: result.signedOut }));
    },
    onError: (error) => showError(error),
  });
  const format = (value: string) => new Date(value).toLocaleString(i18n.language);

  if (sessions.isError) return <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />;
  const others = (sessions.data?.sessions ?? []).filter((session) => !session.current).length;
  return (
    <Flex vertical gap={12}>
      <ScrollArea label={t('shell:profile.sessions')}>
        <Table
          rowKey="id"
          size="small"
          loading={sessions.isPending}
          dataSource={sessions.data?.sessions ?? []}
          pagination={false}
          locale={{ emptyText: <EmptyState title={t('shell:sessions.empty')} /> }}
          columns={[
            {
              key: 'device',
              title: t('shell:sessions.device'),
              render: (_value, session) => (
                <Flex gap={8} align="center">
                  <span>{session.userAgent ?? t('shell:sessions.unknownDevice')}</span>
                  {session.current ? <Tag color="blue">{t('shell:profile.currentSession')}</Tag> : null}
                </Flex>
              ),
            },
            { key: 'ip', title: t('shell:sessions.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
            { key: 'lastSeenAt', title: t('shell:sessions.lastSeen'), dataIndex: 'lastSeenAt', render: (value: string) => t('shell:profile.lastSeen', { date: format(value) }) },
          ]}
        />
      </ScrollArea>
      <div>
        <Button danger disabled={others === 0} loading={signOutOthers.isPending} onClick={() => signOutOthers.mutate()}>
          {t('shell:profile.signOutOthers')}
        </Button>
      </div>
    </Flex>
  );
}
