import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionFacts } from '@leadforge/session';
import { NAMESPACE } from '../../../i18n';
import { useTeamInfo } from '../api/get-team-info';
import { useMailboxOwner } from '../hooks/use-mailbox-owner';

const OWN = 0;

/** "Mailbox of": a lead or view-all member picks a teammate; nothing at all for anyone else. */
export function MailboxOwnerSelect() {
  const { t } = useTranslation(NAMESPACE);
  const facts = useSessionFacts();
  const { canChoose, forUserId, setForUserId } = useMailboxOwner();
  const team = useTeamInfo(canChoose);
  if (!canChoose) return null;
  const members = (team.data?.members ?? []).filter((member) => member.id !== facts.userId);
  return (
    <Select<number>
      data-testid="mailbox-owner-select"
      aria-label={t('owner.label')}
      style={{ minWidth: 200 }}
      loading={team.isPending}
      value={forUserId ?? OWN}
      status={team.isError ? 'error' : undefined}
      options={[
        { value: OWN, label: t('owner.mine') },
        ...members.map((member) => ({ value: member.id, label: t('owner.member', { name: member.name, email: member.email }) })),
      ]}
      onChange={(next) => setForUserId(next === OWN ? undefined : next)}
      prefix={t('owner.prefix')}
    />
  );
}
