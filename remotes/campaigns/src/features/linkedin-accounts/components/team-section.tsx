import { useState } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LinkedinSlotRequest } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useApproveLinkedinSlotRequest } from '../api/approve-linkedin-slot-request';
import { useAssignLinkedinAccount } from '../api/assign-linkedin-account';
import { useListLinkedinSlotRequests } from '../api/list-linkedin-slot-requests';
import { useListTeamLinkedinAccounts } from '../api/list-team-linkedin-accounts';
import { useListTeamMembers } from '../api/list-team-members';
import { useRejectLinkedinSlotRequest } from '../api/reject-linkedin-slot-request';
import { useRequestLinkedinSlot } from '../api/request-linkedin-slot';
import { useRetractLinkedinAccount } from '../api/retract-linkedin-account';
import { useWithdrawLinkedinSlotRequest } from '../api/withdraw-linkedin-slot-request';
import { ApproveRequestDialog, AssignSlotDialog, RequestSlotDialog } from './slot-dialogs';
import { SlotRequestsTable } from './slot-requests-table';
import { TeamSlotsTable, type TeamLinkedinAccount } from './team-slots-table';

export type TeamSectionProps = {
  /** `lead`: assigns slots and decides on requests; `member`: sees the team's slots and asks for one. */
  role: 'lead' | 'member';
  /** The caller, left out of the members a slot can be given to. */
  userId: number | null;
};

/** Slots in a team (document 1 §6): the lead assigns and takes back, members request and withdraw. */
export function TeamSection({ role, userId }: TeamSectionProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const lead = role === 'lead';
  const slots = useListTeamLinkedinAccounts(true);
  const requests = useListLinkedinSlotRequests(true);
  const [assigning, setAssigning] = useState<TeamLinkedinAccount | null>(null);
  const [approving, setApproving] = useState<LinkedinSlotRequest | null>(null);
  const [asking, setAsking] = useState(false);
  const members = useListTeamMembers(lead && assigning !== null);
  const assign = useAssignLinkedinAccount();
  const retract = useRetractLinkedinAccount();
  const approve = useApproveLinkedinSlotRequest();
  const reject = useRejectLinkedinSlotRequest();
  const withdraw = useWithdrawLinkedinSlotRequest();
  const requestSlot = useRequestLinkedinSlot();

  const slotBusy = assign.isPending ? (assign.variables?.body.accountId ?? null) : retract.isPending ? (retract.variables?.body.accountId ?? null) : null;
  const requestBusy = reject.isPending
    ? Number(reject.variables?.params.id)
    : withdraw.isPending
      ? Number(withdraw.variables?.params.id)
      : approve.isPending
        ? Number(approve.variables?.params.id)
        : null;
  const freeSlots = (slots.data?.items ?? []).filter((account) => account.isOwn && account.assignedUserId === null && account.state !== 'deleted');
  const hasPending = (requests.data?.items ?? []).some((request) => request.status === 'pending');

  const handleAssign = (account: TeamLinkedinAccount, memberId: number) =>
    assign.mutate(
      { body: { accountId: account.id, userId: memberId } },
      {
        onSuccess: ({ account: updated }) => {
          setAssigning(null);
          toast.success(t('linkedinAccounts.toasts.assigned', { name: updated.name, member: updated.assignedUserName ?? '' }));
        },
        onError: (error) => showError(error),
      },
    );

  const handleRetract = (account: TeamLinkedinAccount) =>
    retract.mutate(
      { body: { accountId: account.id } },
      { onSuccess: () => toast.success(t('linkedinAccounts.toasts.retracted', { name: account.name })), onError: (error) => showError(error) },
    );

  const handleApprove = (request: LinkedinSlotRequest, slotId: number | undefined) =>
    approve.mutate(
      { params: { id: request.id }, body: slotId !== undefined ? { slotId } : {} },
      {
        onSuccess: () => {
          setApproving(null);
          toast.success(t('linkedinAccounts.toasts.approved', { name: request.requesterName }));
        },
        onError: (error) => showError(error),
      },
    );

  const handleReject = (request: LinkedinSlotRequest) =>
    reject.mutate(
      { params: { id: request.id } },
      { onSuccess: () => toast.success(t('linkedinAccounts.toasts.rejected', { name: request.requesterName })), onError: (error) => showError(error) },
    );

  const handleWithdraw = (request: LinkedinSlotRequest) =>
    withdraw.mutate({ params: { id: request.id } }, { onSuccess: () => toast.success(t('linkedinAccounts.toasts.withdrawn')), onError: (error) => showError(error) });

  const handleRequest = (note: string) =>
    requestSlot.mutate(
      { body: note ? { note } : {} },
      {
        onSuccess: () => {
          setAsking(false);
          toast.success(t('linkedinAccounts.toasts.requested'));
        },
        onError: (error) => showError(error),
      },
    );

  let slotsContent;
  if (slots.isPending) slotsContent = <LoadingState label={t('linkedinAccounts.team.loading')} />;
  else if (slots.isError) slotsContent = <ErrorState error={slots.error} onRetry={() => void slots.refetch()} />;
  else if (slots.data.items.length === 0) slotsContent = <EmptyState title={t('linkedinAccounts.team.empty')} />;
  else
    slotsContent = (
      <TeamSlotsTable accounts={slots.data.items} canManage={lead} busyId={slotBusy} onAssign={setAssigning} onRetract={handleRetract} />
    );

  let requestsContent;
  if (requests.isPending) requestsContent = <LoadingState label={t('linkedinAccounts.requests.loading')} />;
  else if (requests.isError) requestsContent = <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />;
  else if (requests.data.items.length === 0) requestsContent = <EmptyState title={t(lead ? 'linkedinAccounts.requests.emptyLead' : 'linkedinAccounts.requests.emptyMember')} />;
  else
    requestsContent = (
      <SlotRequestsTable
        requests={requests.data.items}
        role={role}
        busyId={requestBusy}
        onApprove={setApproving}
        onReject={handleReject}
        onWithdraw={handleWithdraw}
      />
    );

  return (
    <Flex vertical gap={16} data-testid="team-section">
      <Card size="small" title={t('linkedinAccounts.team.title')}>
        <Typography.Paragraph type="secondary">{t(lead ? 'linkedinAccounts.team.leadHint' : 'linkedinAccounts.team.memberHint')}</Typography.Paragraph>
        {slotsContent}
      </Card>
      <Card
        size="small"
        title={t(lead ? 'linkedinAccounts.requests.titleLead' : 'linkedinAccounts.requests.titleMember')}
        extra={
          lead ? null : (
            <Button onClick={() => setAsking(true)} disabled={hasPending} title={hasPending ? t('errors:linkedin_request_pending.description') : undefined}>
              {t('linkedinAccounts.requests.request')}
            </Button>
          )
        }
      >
        {requestsContent}
      </Card>
      <AssignSlotDialog
        account={assigning}
        members={(members.data?.members ?? []).filter((member) => member.id !== userId)}
        membersLoading={members.isPending}
        assigning={assign.isPending}
        onCancel={() => setAssigning(null)}
        onAssign={handleAssign}
      />
      <ApproveRequestDialog request={approving} freeSlots={freeSlots} approving={approve.isPending} onCancel={() => setApproving(null)} onApprove={handleApprove} />
      <RequestSlotDialog open={asking} sending={requestSlot.isPending} onCancel={() => setAsking(false)} onSend={handleRequest} />
    </Flex>
  );
}
