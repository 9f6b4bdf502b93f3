import { useState } from 'react';
import { Button, Card, Col, Flex, Popconfirm, Row, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import type { SettableWarmupStatus, WarmupAccount, WarmupSettings } from '@leadforge/contracts';
import { isApiError } from '@leadforge/api-client';
import { EmptyState, ErrorState, LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { Screen } from '../components/screen';
import { NAMESPACE } from '../i18n';
import { STATISTICS_DAYS, useWarmupStatistics, type StatisticsDays } from '../features/warm-up/api/get-warmup-statistics';
import { useWarmupUserLimits } from '../features/warm-up/api/get-warmup-user-limits';
import { useUsedSchedules } from '../features/warm-up/api/list-used-schedules';
import { useWarmup } from '../features/warm-up/api/get-warmup';
import { useSetWarmupStatus } from '../features/warm-up/api/set-warmup-status';
import { useUpdateWarmupSettings } from '../features/warm-up/api/update-warmup-settings';
import { DailyWarmupChart } from '../features/warm-up/components/daily-warmup-chart';
import { HealthBadge } from '../features/warm-up/components/health-badge';
import { RatesSummary } from '../features/warm-up/components/rates-summary';
import { RecentConversations } from '../features/warm-up/components/recent-conversations';
import { WarmupSettingsForm } from '../features/warm-up/components/warmup-settings-form';
import { WarmupStatusButton } from '../features/warm-up/components/warmup-status-button';
import { WarmupStatusTag } from '../features/warm-up/components/warmup-status-tag';

const LIST_PATH = '/deliverability/warm-up';

/** Another's mailbox (or none) answers not_found: the page says it is not among the caller's. */
const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/** /deliverability/warm-up/:id — the id is the mailbox's; anything else goes back to the list. */
export function WarmupAccountPage() {
  const { id } = useParams();
  const emailAccountId = Number(id);
  if (!Number.isSafeInteger(emailAccountId) || emailAccountId < 1) return <Navigate to={LIST_PATH} replace />;
  return <WarmupAccountScreen emailAccountId={emailAccountId} />;
}

type WarmupAccountScreenProps = { emailAccountId: number };

/** One mailbox's warm-up: its state, start or pause, its settings and its mail per day. */
function WarmupAccountScreen({ emailAccountId }: WarmupAccountScreenProps) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const account = useWarmup(emailAccountId);

  let content;
  if (account.isPending) {
    content = <LoadingState label={t('warmUp.account.loading')} />;
  } else if (account.isError && isNotFound(account.error)) {
    content = <EmptyState title={t('warmUp.account.notFound')} action={<Link to={LIST_PATH}>{t('warmUp.account.back')}</Link>} />;
  } else if (account.isError) {
    content = <ErrorState error={account.error} onRetry={() => void account.refetch()} />;
  } else {
    content = <WarmupAccountView account={account.data.item} />;
  }

  return (
    <Screen pageKey="warmUpAccount" onBack={() => navigate(LIST_PATH)}>
      <Flex vertical gap={16}>
        <Link to={LIST_PATH}>{t('warmUp.account.back')}</Link>
        {content}
      </Flex>
    </Screen>
  );
}

type WarmupAccountViewProps = { account: WarmupAccount };

function WarmupAccountView({ account }: WarmupAccountViewProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const [days, setDays] = useState<StatisticsDays>(STATISTICS_DAYS[0]);
  const limits = useWarmupUserLimits();
  const schedules = useUsedSchedules();
  const statistics = useWarmupStatistics(account.id, days, account.status === 'active');
  const setStatus = useSetWarmupStatus();
  const update = useUpdateWarmupSettings();

  const handleStatus = (status: SettableWarmupStatus) =>
    setStatus.mutate(
      { params: { emailAccountId: account.id }, body: { status } },
      {
        onSuccess: ({ item }) => toast.success(t(`warmUp.toasts.${item.status}`, { email: item.email })),
        onError: (error) => showError(error),
      },
    );

  const handleSave = async (settings: WarmupSettings) => {
    await update.mutateAsync({ params: { emailAccountId: account.id }, body: settings });
    toast.success(t('warmUp.toasts.saved', { email: account.email }));
  };

  let settingsContent;
  if (limits.isPending) settingsContent = <LoadingState />;
  else if (limits.isError) settingsContent = <ErrorState error={limits.error} onRetry={() => void limits.refetch()} />;
  else
    settingsContent = (
      <WarmupSettingsForm
        settings={account.settings}
        maxCeiling={limits.data.maxCeiling}
        schedules={schedules.data?.items ?? []}
        schedulesLoading={schedules.isPending}
        saving={update.isPending}
        onSubmit={handleSave}
        onRefused={showError}
      />
    );

  let statisticsContent;
  if (statistics.isPending) statisticsContent = <LoadingState label={t('warmUp.chart.loading')} />;
  else if (statistics.isError) statisticsContent = <ErrorState error={statistics.error} onRetry={() => void statistics.refetch()} />;
  else
    statisticsContent = (
      <Flex vertical gap={16}>
        <RatesSummary last7={statistics.data.last7} last30={statistics.data.last30} />
        <DailyWarmupChart daily={statistics.data.daily} />
        <RecentConversations items={statistics.data.recent} />
      </Flex>
    );

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={24} wrap align="flex-start" justify="space-between">
          <Flex vertical gap={4}>
            <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
              {account.email}
            </Typography.Title>
            {account.senderName ? <Typography.Text type="secondary">{account.senderName}</Typography.Text> : null}
            <Typography.Text>{t('warmUp.sentOfTarget', { sent: account.sentToday, target: account.dailyTarget })}</Typography.Text>
            <Typography.Text type="secondary">{t('warmUp.account.daysWarmed', { count: account.daysWarmed })}</Typography.Text>
          </Flex>
          <Flex gap={24} wrap align="flex-start">
            <Flex vertical gap={4}>
              <Typography.Text type="secondary">{t('warmUp.columns.status')}</Typography.Text>
              <WarmupStatusTag account={account} />
            </Flex>
            <Flex vertical gap={4}>
              <Typography.Text type="secondary">{t('warmUp.columns.health')}</Typography.Text>
              <HealthBadge health={account.health} />
            </Flex>
            <Flex gap={8} wrap>
              <WarmupStatusButton account={account} busy={setStatus.isPending && setStatus.variables?.body.status !== 'disabled'} size="middle" onChange={handleStatus} />
              {account.status !== 'disabled' ? (
                <Popconfirm
                  title={t('warmUp.actions.stopConfirm', { email: account.email })}
                  description={t('warmUp.actions.stopHelp')}
                  okText={t('warmUp.actions.stop')}
                  cancelText={t('common:actions.cancel')}
                  onConfirm={() => handleStatus('disabled')}
                >
                  <Button danger loading={setStatus.isPending && setStatus.variables?.body.status === 'disabled'}>
                    {t('warmUp.actions.stop')}
                  </Button>
                </Popconfirm>
              ) : null}
            </Flex>
          </Flex>
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={t('warmUp.settings.title')}>{settingsContent}</Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card
            title={t('warmUp.chart.title')}
            extra={
              <Segmented<StatisticsDays>
                aria-label={t('warmUp.chart.days')}
                value={days}
                options={STATISTICS_DAYS.map((value) => ({ value, label: t('warmUp.chart.lastDays', { count: value }) }))}
                onChange={setDays}
              />
            }
          >
            {statisticsContent}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
