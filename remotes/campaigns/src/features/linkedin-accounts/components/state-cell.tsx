import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LinkedinAccount } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { useAccountName } from '../hooks/use-account-name';
import { STATE_COLOR, campaignsWait, nextStepOf, stateReasonKey, type AccountNextStep } from '../utils/account-state';

export type StateCellProps = {
  account: Pick<LinkedinAccount, 'name' | 'state' | 'stateReason' | 'campaignsCount'>;
  onNextStep: (step: AccountNextStep) => void;
};

/**
 * The account's state (document 1 §4) in the user's words, why it is not active when the server
 * says why, the one button that moves it on, and — when its session ended — that its campaigns'
 * LinkedIn steps wait for it.
 */
export function StateCell({ account, onNextStep }: StateCellProps) {
  const { t } = useTranslation(NAMESPACE);
  const nameOf = useAccountName();
  const next = nextStepOf(account.state);
  const reason = account.state === 'active' ? null : stateReasonKey(account.stateReason);
  return (
    <Flex vertical gap={4} align="flex-start" style={{ maxWidth: 280 }}>
      <Tag color={STATE_COLOR[account.state]} data-state={account.state}>
        {t(`linkedinAccounts.state.${account.state}`)}
      </Tag>
      {reason ? (
        <Typography.Text type="secondary">{t(`errors:${reason}.title`)}</Typography.Text>
      ) : account.state !== 'active' ? (
        <Typography.Text type="secondary">{t(`linkedinAccounts.stateHint.${account.state}`)}</Typography.Text>
      ) : null}
      {campaignsWait(account.state) ? (
        <Typography.Text type="warning" data-testid="campaigns-wait">
          {t('linkedinAccounts.campaignsWait')}
        </Typography.Text>
      ) : null}
      {next ? (
        <Button size="small" type="primary" aria-label={t(`linkedinAccounts.nextStepOf.${next}`, { name: nameOf(account) })} onClick={() => onNextStep(next)}>
          {t(`linkedinAccounts.nextStep.${next}`)}
        </Button>
      ) : null}
    </Flex>
  );
}
