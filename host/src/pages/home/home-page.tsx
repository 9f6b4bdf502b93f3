import { Badge, Button, Card, Col, Flex, Progress, Row, Statistic, Typography } from 'antd';
import { isNotAvailableYet } from '@leadforge/api-client';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { REMOTE_AREAS, REMOTE_NAMES } from '@leadforge/federation';
import { ErrorState, LoadingState, PageHeader } from '@leadforge/ui';
import { gameQuery } from '../../app/queries/shell-queries';
import { userInfoQueryOptions } from '../../app/session-bridge';
import { unreadCountQueryOptions } from '../../layout/unread-count';
import { PlanBanner } from './plan-banner';

function OnboardingProgress() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gameState = useQuery(gameQuery);
  if (gameState.isPending) return <LoadingState />;
  if (gameState.isError) return <ErrorState error={gameState.error} onRetry={() => void gameState.refetch()} />;
  const steps = gameState.data.steps;
  const done = steps.filter((step) => step.completed).length;
  return (
    <Flex vertical gap={12}>
      <Progress percent={steps.length ? Math.round((done / steps.length) * 100) : 0} aria-label={t('home:rewards.title')} />
      <Typography.Text>{t('rewards:progress', { done, total: steps.length })}</Typography.Text>
      <Button onClick={() => navigate('/rewards')}>{t('home:rewards.open')}</Button>
    </Flex>
  );
}

/** /home: greeting, plan state, onboarding progress, unread messages and a way into every area. */
export function HomePage() {
  const { t } = useTranslation();
  const { data: userInfo } = useQuery(userInfoQueryOptions);
  const unread = useQuery(unreadCountQueryOptions);
  const showGame = Boolean(userInfo?.allowGamification && !userInfo.isAdminLogin);

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('home:title')}
        subtitle={userInfo?.name ? t('home:greeting', { name: userInfo.name }) : t('home:greetingAnonymous')}
      />
      <PlanBanner plan={userInfo?.pricingPlan ?? null} />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title={t('shell:routes.unibox')} variant="outlined">
            {isNotAvailableYet(unread.error) ? (
              <Flex align="center" justify="space-between" gap={12} wrap>
                <Typography.Text type="secondary" data-testid="unread-coming">
                  {t('home:unreadComing')}
                </Typography.Text>
                <Link to="/unibox">{t('home:openUnibox')}</Link>
              </Flex>
            ) : unread.isError ? (
              <ErrorState error={unread.error} onRetry={() => void unread.refetch()} />
            ) : (
              <Flex align="center" justify="space-between" gap={12} wrap>
                <Statistic
                  value={unread.data?.unreadMessages ?? 0}
                  loading={unread.isPending}
                  suffix={
                    <Typography.Text type="secondary">
                      {t('home:unread', { count: unread.data?.unreadMessages ?? 0 })}
                    </Typography.Text>
                  }
                />
                <Link to="/unibox">{t('home:openUnibox')}</Link>
              </Flex>
            )}
          </Card>
        </Col>
        {showGame ? (
          <Col xs={24} md={12}>
            <Card title={t('home:rewards.title')} variant="outlined">
              <OnboardingProgress />
            </Card>
          </Col>
        ) : null}
      </Row>
      <Card title={t('home:quickActions.title')} variant="outlined">
        <Row gutter={[16, 16]}>
          {REMOTE_NAMES.map((remote) => {
            const area = REMOTE_AREAS[remote];
            const first = area.menu[0];
            if (!first) return null;
            return (
              <Col key={remote} xs={24} sm={12} lg={8}>
                <Link to={first.path}>
                  <Card variant="outlined" hoverable>
                    <Badge color="blue" text={t(`federation:${area.titleKey}`)} />
                    <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                      {area.menu.map((entry) => t(`federation:${entry.labelKey}`)).join(' · ')}
                    </Typography.Paragraph>
                  </Card>
                </Link>
              </Col>
            );
          })}
        </Row>
      </Card>
    </Flex>
  );
}
