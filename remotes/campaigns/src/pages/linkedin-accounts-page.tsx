import { useState } from 'react';
import { Alert, Button, Flex, Tooltip, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { LinkedinAccount } from '@leadforge/contracts';
import { useSessionFacts } from '@leadforge/session';
import { EmptyState, ErrorState, LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { Screen } from '../components/screen';
import { NAMESPACE } from '../i18n';
import { useDeleteLinkedinAccount } from '../features/linkedin-accounts/api/delete-linkedin-account';
import { useListLinkedinAccounts } from '../features/linkedin-accounts/api/list-linkedin-accounts';
import { useSetLinkedinWarmUp } from '../features/linkedin-accounts/api/set-linkedin-warm-up';
import { ConnectWizard, type ConnectTarget } from '../features/linkedin-accounts/components/connect-wizard';
import { DeleteLinkedinAccountDialog } from '../features/linkedin-accounts/components/delete-linkedin-account-dialog';
import { LinkedinAccountsTable } from '../features/linkedin-accounts/components/linkedin-accounts-table';
import { SandboxNetworkBanner } from '../features/linkedin-accounts/components/sandbox-network';
import { SettingsDrawer } from '../features/linkedin-accounts/components/settings-drawer';
import { TeamSection } from '../features/linkedin-accounts/components/team-section';
import { useLinkedinAccountPushes } from '../features/linkedin-accounts/hooks/use-linkedin-account-pushes';
import { campaignsWait, type AccountNextStep } from '../features/linkedin-accounts/utils/account-state';

const TARGET_OF: Record<AccountNextStep, ConnectTarget['kind']> = { connect: 'slot', enterCode: 'code', reconnect: 'reconnect' };

/**
 * /account/linkedin-accounts: the caller's LinkedIn slots and accounts (document 1 §3, §4, §6) —
 * connect one (session cookie or e-mail and password, proxy, time zone, warm-up, then the code the
 * network asks for), each state with what to do, limits and hours, warm-up, disconnect; in a team,
 * the team's slots with assignments and slot requests. Sandbox accounts are labelled as such.
 */
export function LinkedinAccountsPage() {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const facts = useSessionFacts();
  const list = useListLinkedinAccounts();
  useLinkedinAccountPushes();
  const warmUp = useSetLinkedinWarmUp();
  const remove = useDeleteLinkedinAccount();
  const [target, setTarget] = useState<ConnectTarget | null>(null);
  const [editing, setEditing] = useState<LinkedinAccount | null>(null);
  const [deleting, setDeleting] = useState<LinkedinAccount | null>(null);

  const accounts = list.data?.items ?? [];
  const slots = list.data?.slots;
  const slotsFull = slots !== undefined && slots.used >= slots.allowed;
  const sandbox = list.data?.provider === 'sandbox' || accounts.some((account) => account.provider === 'sandbox');
  const waiting = accounts.filter((account) => campaignsWait(account.state));
  const busyIds = new Set<number>(warmUp.isPending && warmUp.variables ? [Number(warmUp.variables.params.id)] : []);
  const teamRole = facts.accountKind === 'teamLead' ? 'lead' : facts.accountKind === 'teamMember' ? 'member' : null;

  const handleNextStep = (account: LinkedinAccount, step: AccountNextStep) => setTarget({ kind: TARGET_OF[step], account } as ConnectTarget);

  const handleWarmUp = (account: LinkedinAccount, enabled: boolean) =>
    warmUp.mutate(
      { params: { id: account.id }, body: { enabled } },
      {
        onSuccess: () => toast.success(t(enabled ? 'linkedinAccounts.toasts.warmUpOn' : 'linkedinAccounts.toasts.warmUpOff', { name: account.name })),
        onError: (error) => showError(error),
      },
    );

  const handleDelete = (account: LinkedinAccount) =>
    remove.mutate(
      { params: { id: account.id } },
      {
        onSuccess: () => {
          setDeleting(null);
          toast.success(t('linkedinAccounts.toasts.deleted', { name: account.name }));
        },
        onError: (error) => showError(error),
      },
    );

  const connectButton = (
    <Tooltip title={slotsFull ? t('linkedinAccounts.slotsFull') : undefined}>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} disabled={slotsFull} onClick={() => setTarget({ kind: 'new' })}>
        {t('linkedinAccounts.connect')}
      </Button>
    </Tooltip>
  );

  let content;
  if (list.isPending) {
    content = <LoadingState label={t('linkedinAccounts.loading')} />;
  } else if (list.isError) {
    content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  } else if (accounts.length === 0) {
    content = <EmptyState title={t('linkedinAccounts.empty.title')} description={t('linkedinAccounts.empty.description')} action={connectButton} />;
  } else {
    content = (
      <LinkedinAccountsTable
        accounts={accounts}
        busyIds={busyIds}
        onNextStep={handleNextStep}
        onSettings={setEditing}
        onWarmUp={handleWarmUp}
        onDelete={setDeleting}
      />
    );
  }

  return (
    <Screen pageKey="linkedinAccounts" extra={connectButton}>
      <Flex vertical gap={16}>
        {sandbox ? <SandboxNetworkBanner /> : null}
        {waiting.length > 0 ? (
          <Alert
            type="error"
            showIcon
            data-testid="accounts-waiting"
            title={t('linkedinAccounts.waitingNotice', { names: waiting.map((account) => account.name).join(', ') })}
            description={t('linkedinAccounts.campaignsWait')}
          />
        ) : null}
        {slots ? (
          <Typography.Text type="secondary" data-testid="slots">
            {t('linkedinAccounts.slots', { used: slots.used, allowed: slots.allowed })}
          </Typography.Text>
        ) : null}
        {content}
        {teamRole ? <TeamSection role={teamRole} userId={facts.userId} /> : null}
      </Flex>
      <ConnectWizard key={target ? `${target.kind}-${'account' in target ? target.account.id : 'new'}` : 'closed'} target={target} onClose={() => setTarget(null)} />
      <SettingsDrawer account={editing} onClose={() => setEditing(null)} />
      <DeleteLinkedinAccountDialog account={deleting} deleting={remove.isPending} onCancel={() => setDeleting(null)} onConfirm={handleDelete} />
    </Screen>
  );
}
