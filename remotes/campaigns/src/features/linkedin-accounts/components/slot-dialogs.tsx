import { useState } from 'react';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LinkedinSlotRequest } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import type { TeamLinkedinAccount } from './team-slots-table';

export type TeamMemberOption = { id: number; name: string; email: string };

export type AssignSlotDialogProps = {
  /** The lead's slot to give; null keeps the dialog closed. */
  account: TeamLinkedinAccount | null;
  members: TeamMemberOption[];
  membersLoading: boolean;
  assigning: boolean;
  onCancel: () => void;
  onAssign: (account: TeamLinkedinAccount, userId: number) => void;
};

/** The lead gives one of their slots to a team member, who then connects and uses it. */
export function AssignSlotDialog({ account, members, membersLoading, assigning, onCancel, onAssign }: AssignSlotDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const [userId, setUserId] = useState<number | undefined>(undefined);
  return (
    <Modal
      open={account !== null}
      title={account ? t('linkedinAccounts.team.assignTitle', { name: account.name }) : ''}
      okText={t('linkedinAccounts.team.assign')}
      okButtonProps={{ disabled: userId === undefined, loading: assigning }}
      cancelText={t('common:actions.cancel')}
      onOk={() => account && userId !== undefined && onAssign(account, userId)}
      onCancel={onCancel}
      afterClose={() => setUserId(undefined)}
      destroyOnHidden
    >
      <Form layout="vertical" name="linkedin-assign">
        <Form.Item label={t('linkedinAccounts.team.assignTo')} htmlFor="linkedin-assign-member">
          <Select<number>
            id="linkedin-assign-member"
            showSearch
            loading={membersLoading}
            optionFilterProp="label"
            value={userId}
            placeholder={t('linkedinAccounts.team.chooseMember')}
            notFoundContent={membersLoading ? undefined : t('linkedinAccounts.team.noMembers')}
            options={members.map((member) => ({ value: member.id, label: `${member.name} <${member.email}>` }))}
            onChange={setUserId}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The choice "a new slot" in the approve dialog (slot ids are positive). */
const NEW_SLOT = 0;

export type ApproveRequestDialogProps = {
  request: LinkedinSlotRequest | null;
  /** The lead's own slots nobody uses, which can be given instead of a new one. */
  freeSlots: TeamLinkedinAccount[];
  approving: boolean;
  onCancel: () => void;
  onApprove: (request: LinkedinSlotRequest, slotId: number | undefined) => void;
};

/** Approving gives the member a new slot (counted on the plan) or one of the lead's free ones. */
export function ApproveRequestDialog({ request, freeSlots, approving, onCancel, onApprove }: ApproveRequestDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const [slot, setSlot] = useState<number>(NEW_SLOT);
  return (
    <Modal
      open={request !== null}
      title={request ? t('linkedinAccounts.requests.approveTitle', { name: request.requesterName }) : ''}
      okText={t('linkedinAccounts.requests.approve')}
      okButtonProps={{ loading: approving }}
      cancelText={t('common:actions.cancel')}
      onOk={() => request && onApprove(request, slot === NEW_SLOT ? undefined : slot)}
      onCancel={onCancel}
      afterClose={() => setSlot(NEW_SLOT)}
      destroyOnHidden
    >
      {request?.note ? <Typography.Paragraph>{t('linkedinAccounts.requests.noteSays', { note: request.note })}</Typography.Paragraph> : null}
      <Form layout="vertical" name="linkedin-approve">
        <Form.Item label={t('linkedinAccounts.requests.slot')} htmlFor="linkedin-approve-slot">
          <Select<number>
            id="linkedin-approve-slot"
            value={slot}
            options={[
              { value: NEW_SLOT, label: t('linkedinAccounts.requests.newSlot') },
              ...freeSlots.map((account) => ({ value: account.id, label: account.profileName ? `${account.name} (${account.profileName})` : account.name })),
            ]}
            onChange={setSlot}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export type RequestSlotDialogProps = {
  open: boolean;
  sending: boolean;
  onCancel: () => void;
  onSend: (note: string) => void;
};

/** A member asks the lead for a slot, with an optional note (what it is for). */
export function RequestSlotDialog({ open, sending, onCancel, onSend }: RequestSlotDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const [note, setNote] = useState('');
  return (
    <Modal
      open={open}
      title={t('linkedinAccounts.requests.requestTitle')}
      okText={t('linkedinAccounts.requests.send')}
      okButtonProps={{ loading: sending }}
      cancelText={t('common:actions.cancel')}
      onOk={() => onSend(note.trim())}
      onCancel={onCancel}
      afterClose={() => setNote('')}
      destroyOnHidden
    >
      <Form layout="vertical" name="linkedin-request">
        <Form.Item label={t('linkedinAccounts.requests.note')} htmlFor="linkedin-request-note" extra={t('linkedinAccounts.requests.noteHelp')}>
          <Input.TextArea id="linkedin-request-note" rows={3} maxLength={500} showCount value={note} onChange={(event) => setNote(event.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
