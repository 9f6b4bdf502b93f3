import { Button, Flex, Popconfirm } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { OPEN_RECIPIENT_STATUSES, type InterestLevel, type UniboxThreadRow } from '@leadforge/contracts';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { ownerPart } from '../../owner/hooks/use-mailbox-owner';
import { useBlacklistRecipient } from '../api/blacklist-recipient';
import { usePauseRecipient } from '../api/pause-recipient';
import { useSetLeadInterest } from '../api/set-lead-interest';
import { InterestControl } from './interest-control';

type Lead = NonNullable<UniboxThreadRow['lead']>;

export type LeadActionsProps = {
  threadId: number;
  forUserId: number | undefined;
  lead: Lead;
  campaignTitle: string | null;
  address: string;
};

/** Pausing makes sense while the campaign still runs for the lead: not once paused or finished. */
const canPause = (status: string) => status !== 'pause' && (OPEN_RECIPIENT_STATUSES as readonly string[]).includes(status);

/** What the user does about the conversation's lead: mark the interest, pause the campaign, stop all mail. */
export function LeadActions({ threadId, forUserId, lead, campaignTitle, address }: LeadActionsProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const interest = useSetLeadInterest();
  const pause = usePauseRecipient();
  const blacklist = useBlacklistRecipient();
  const selection = { campaignId: lead.campaignId, recipientIds: [lead.recipientId] };

  function handleInterest(next: InterestLevel | null) {
    interest.mutate(
      { body: { ...ownerPart(forUserId), threadId, interest: next } },
      { onError: (error) => showError(error), onSuccess: () => toast.success(t(next ? 'lead.toasts.interestSet' : 'lead.toasts.interestCleared')) },
    );
  }

  function handlePause() {
    pause.mutate(
      { body: { ...selection, status: 'pause' } },
      { onError: (error) => showError(error), onSuccess: () => toast.success(t('lead.toasts.paused')) },
    );
  }

  function handleBlacklist() {
    blacklist.mutate(
      { body: selection },
      { onError: (error) => showError(error), onSuccess: () => toast.success(t('lead.toasts.blacklisted')) },
    );
  }

  return (
    <Flex align="center" gap={8} wrap data-testid="lead-actions">
      <InterestControl value={lead.interestLevel} disabled={interest.isPending} onChange={handleInterest} />
      {canPause(lead.recipientStatus) ? (
        <Button size="small" loading={pause.isPending} onClick={handlePause}>
          {t('lead.pause')}
        </Button>
      ) : null}
      <Popconfirm
        title={t('lead.blacklistConfirm', { address })}
        okText={t('lead.blacklist')}
        cancelText={t('actions.cancel')}
        onConfirm={handleBlacklist}
      >
        <Button size="small" danger loading={blacklist.isPending}>
          {t('lead.blacklist')}
        </Button>
      </Popconfirm>
      <Link to={`/campaigns/${lead.campaignId}`}>{campaignTitle ? t('lead.campaign', { title: campaignTitle }) : t('lead.openCampaign')}</Link>
    </Flex>
  );
}
