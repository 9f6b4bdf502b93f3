import { useEffect, useRef } from 'react';
import CheckCircleTwoTone from '@ant-design/icons/es/icons/CheckCircleTwoTone';
import GiftOutlined from '@ant-design/icons/es/icons/GiftOutlined';
import { ProCard } from '@ant-design/pro-components';
import { Alert, Button, Flex, List, Modal, Statistic, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ONBOARDING_STEPS,
  gameClaimBonus,
  gameEvent,
  onboardingStepComplete,
  passedOnboardingsAdd,
  type GameState,
} from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { EmptyState, ErrorState, LoadingState, PageHeader, useApiErrorModal, useIsPhone, useToast } from '@leadforge/ui';
import { gameQuery, passedOnboardingsQuery } from '../../app/queries/shell-queries';
import { creditsBalanceQueryKey } from '../../layout/credits-balance';
import { userInfoQueryOptions } from '../../app/session-bridge';
import { isExtensionPresent } from './extension-detection';

const REWARDS_INTRO = 'rewards-intro' as const;

/**
 * Step 3 (extension present) is told to the server once the extension is detected; the server
 * rewards it only if it is in the event list and not yet completed (document 1 §4).
 */
function useReportExtensionStep(state: GameState | undefined, onUpdated: (next: GameState) => void) {
  const reported = useRef(false);
  useEffect(() => {
    if (!state || reported.current) return;
    const step = state.steps.find((item) => item.step === ONBOARDING_STEPS.addProspectFinderExtension);
    if (!step || !step.inEventList || step.completed || !isExtensionPresent()) return;
    reported.current = true;
    callApi(onboardingStepComplete, { body: { step: 3 } }).then(onUpdated, (error: unknown) =>
      // Refused (already done, not in the events): nothing to tell the user.
      console.warn('[rewards] step 3 was not recorded', error),
    );
  }, [onUpdated, state]);
}

/** /rewards: the onboarding game (GET/POST /game, POST /game/claim-bonus, /passed-onboardings). */
export function RewardsPage() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const toast = useToast();
  const showError = useApiErrorModal();
  const queryClient = useQueryClient();
  const gameState = useQuery(gameQuery);
  const passed = useQuery(passedOnboardingsQuery);

  const setGameState = (next: GameState) => {
    queryClient.setQueryData(gameQuery.queryKey, next);
    // The balance and events of user-info move with the game.
    void queryClient.invalidateQueries({ queryKey: userInfoQueryOptions.queryKey });
    void queryClient.invalidateQueries({ queryKey: creditsBalanceQueryKey });
  };
  useReportExtensionStep(gameState.data, setGameState);

  const acknowledge = useMutation({
    mutationFn: (eventId: number) => callApi(gameEvent, { body: { eventId } }),
    onSuccess: setGameState,
    onError: (error) => showError(error),
  });
  const claim = useMutation({
    mutationFn: () => callApi(gameClaimBonus),
    onSuccess: (next) => {
      setGameState(next);
      toast.success(t('rewards:bonus.claimedToast', { count: next.bonus.amount }));
    },
    onError: (error) => showError(error),
  });
  const dismissIntro = useMutation({
    mutationFn: () => callApi(passedOnboardingsAdd, { body: { type: REWARDS_INTRO } }),
    onSuccess: (next) => queryClient.setQueryData(passedOnboardingsQuery.queryKey, next),
    onError: (error) => showError(error),
  });

  if (gameState.isPending) return <LoadingState />;
  if (gameState.isError) return <ErrorState error={gameState.error} onRetry={() => void gameState.refetch()} />;

  const { steps, userBalance, bonus } = gameState.data;
  // The congratulation shows once per step: the first pending one, acknowledged on close.
  const pending = steps.find((step) => step.congratulationPending && step.eventId !== null);
  const done = steps.filter((step) => step.completed).length;
  const handleAcknowledge = () => {
    if (pending?.eventId && !acknowledge.isPending) acknowledge.mutate(pending.eventId);
  };
  const showIntro = passed.data ? !passed.data.passed.includes(REWARDS_INTRO) : false;

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('rewards:title')} subtitle={t('rewards:subtitle')} />
      {showIntro ? (
        <Alert
          type="info"
          showIcon
          title={t('rewards:intro.title')}
          description={
            <Flex vertical gap={8} align="flex-start">
              <span>{t('rewards:intro.text')}</span>
              <Button size="small" loading={dismissIntro.isPending} onClick={() => dismissIntro.mutate()}>
                {t('rewards:intro.dismiss')}
              </Button>
            </Flex>
          }
        />
      ) : null}
      {/* Side by side the three figures need ~700 px; at phone width they stack. */}
      <ProCard split={phone ? 'horizontal' : 'vertical'} variant="outlined">
        <ProCard colSpan={phone ? undefined : '33%'}>
          <Statistic title={t('rewards:balance')} value={userBalance} />
        </ProCard>
        <ProCard colSpan={phone ? undefined : '33%'}>
          <Statistic title={t('rewards:progress', { done, total: steps.length })} value={done} suffix={`/ ${steps.length}`} />
        </ProCard>
        <ProCard>
          <Flex vertical gap={8}>
            <Statistic title={t('rewards:bonus.title')} value={bonus.amount} prefix={<GiftOutlined aria-hidden />} />
            {bonus.claimed ? (
              <Tag color="success">{t('rewards:bonus.claimed')}</Tag>
            ) : (
              <>
                <Button type="primary" disabled={!bonus.available} loading={claim.isPending} onClick={() => claim.mutate()}>
                  {t('rewards:bonus.claim')}
                </Button>
                {bonus.available ? null : <Typography.Text type="secondary">{t('rewards:bonus.locked')}</Typography.Text>}
              </>
            )}
          </Flex>
        </ProCard>
      </ProCard>
      <ProCard title={t('rewards:stepsTitle')} variant="outlined">
        {steps.length === 0 ? (
          <EmptyState title={t('rewards:unavailable')} />
        ) : (
          <List
            dataSource={steps}
            renderItem={(step) => (
              <List.Item
                key={step.step}
                extra={<Tag color={step.completed ? 'success' : 'default'}>{t('rewards:reward', { count: step.reward })}</Tag>}
              >
                <List.Item.Meta
                  avatar={step.completed ? <CheckCircleTwoTone twoToneColor="#2e9e5b" aria-hidden /> : <Tag>{step.step}</Tag>}
                  title={t(`rewards:steps.${step.step}.name`)}
                  description={
                    step.completed
                      ? t('rewards:status.done')
                      : step.inEventList
                        ? t(`rewards:steps.${step.step}.description`)
                        : t('rewards:status.noReward')
                  }
                />
              </List.Item>
            )}
          />
        )}
      </ProCard>
      <Modal
        open={Boolean(pending)}
        keyboard
        title={t('rewards:congratulation.title')}
        okText={t('rewards:congratulation.ok')}
        cancelButtonProps={{ style: { display: 'none' } }}
        confirmLoading={acknowledge.isPending}
        closable={false}
        maskClosable={false}
        onOk={handleAcknowledge}
        // Esc means "got it" too: the notice is acknowledged either way, so it does not come back.
        onCancel={handleAcknowledge}
      >
        {pending ? (
          <Typography.Paragraph>
            {t('rewards:congratulation.text', { step: t(`rewards:steps.${pending.step}.name`), count: pending.reward })}
          </Typography.Paragraph>
        ) : null}
      </Modal>
    </Flex>
  );
}
