import { useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Input, Select, Typography } from 'antd';
import RocketOutlined from '@ant-design/icons/es/icons/RocketOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '@leadforge/api-client';
import { launchIssueFromErrorItem, type CampaignCreationStep, type CampaignLaunchIssue, type CampaignView } from '@leadforge/contracts';
import { ErrorState, LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useSetCampaignState } from '../../campaign-list/api/set-campaign-state';
import { useListSchedules } from '../../schedules/api/list-schedules';
import { useLaunchCheck } from '../api/launch-check';
import { usePreviewProspects } from '../api/preview-prospects';
import { useSendTestEmail } from '../api/send-test-email';
import { useSenderAccounts } from '../api/sender-accounts';
import { useTeamProspectLists } from '../api/team-prospect-lists';
import { previewVariables } from '../utils/preview-variables';
import { EmailPreview } from './email-preview';
import { LaunchChecks } from './launch-checks';
import { PlanSummary } from './plan-summary';

export type ReviewStepProps = { campaign: CampaignView; onGoToStep(step: CampaignCreationStep): void };

const VARIANT_LETTERS = 'ABCDEFGHIJ';

/**
 * Step 4: the plan in words, each email as a few recipients of the list would read it, the launch
 * checks with the step that fixes each, a test email, and the launch (all checks or nothing: a
 * refused launch lists its issues here).
 */
export function ReviewStep({ campaign, onGoToStep }: ReviewStepProps) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useApiErrorModal();
  const check = useLaunchCheck(campaign.campaignId);
  const lists = useTeamProspectLists();
  const accounts = useSenderAccounts();
  const schedules = useListSchedules();
  const prospects = usePreviewProspects(campaign.listId);
  const launch = useSetCampaignState();
  const sendTest = useSendTestEmail();
  const [refused, setRefused] = useState<CampaignLaunchIssue[] | null>(null);
  const [recipientId, setRecipientId] = useState<number | null>(null);
  const [testTo, setTestTo] = useState('');
  const [testBlock, setTestBlock] = useState<string | null>(null);

  const emails = useMemo(
    () =>
      campaign.flowchart.operators.flatMap((operator) =>
        operator.block.type === 'email' ? operator.block.emails.map((variant, index) => ({ blockId: operator.block.id, index, variant, many: operator.block.type === 'email' && operator.block.emails.length > 1 })) : [],
      ),
    [campaign.flowchart],
  );
  const rows = prospects.data?.contacts ?? [];
  const recipient = rows.find((row) => row.id === recipientId) ?? rows[0] ?? null;
  const values = useMemo(() => (recipient ? previewVariables(recipient) : new Map<string, string>()), [recipient]);
  const mailboxes = (accounts.data?.email ?? []).filter((account) => campaign.senderEmailAccounts.includes(account.id));
  const accountNames = new Map<number, string>([...(accounts.data?.email ?? []).map((a) => [a.id, a.email] as const), ...(accounts.data?.linkedin ?? []).map((a) => [a.id, a.name] as const)]);
  const listName = (id: number | null) => (id === null ? null : (lists.data?.items.find((list) => list.id === id)?.name ?? `#${id}`));
  const testEmail = emails.find((email) => `${email.blockId}:${email.index}` === testBlock) ?? emails[0];

  const handleLaunch = () => {
    setRefused(null);
    launch.mutate(
      { body: { campaignId: campaign.campaignId, state: 'start' } },
      {
        onSuccess: () => {
          toast.success(t('wizard.review.launched', { title: campaign.title }));
          void navigate('/campaigns');
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 422 && error.errors.length > 0) {
            setRefused(error.errors.map((item) => launchIssueFromErrorItem(item)));
            void check.refetch();
          } else showError(error);
        },
      },
    );
  };

  const handleSendTest = () => {
    const mailbox = mailboxes[0];
    if (!testEmail || !mailbox) return;
    sendTest.mutate(
      {
        body: {
          subject: testEmail.variant.subject,
          body: testEmail.variant.content,
          plainTextMode: testEmail.variant.plainTextMode,
          email: testTo.trim(),
          campaignId: campaign.campaignId,
          emailAccount: mailbox.id,
          prospectId: recipient?.id ?? null,
          // The variant's files go with the test, as with the campaign's mail.
          attachments: testEmail.variant.attachments,
          operatorId: testEmail.blockId,
        },
      },
      { onSuccess: () => toast.success(t('wizard.review.testSent', { email: testTo.trim() })), onError: (error) => showError(error) },
    );
  };

  let checks;
  if (check.isPending) checks = <LoadingState label={t('wizard.review.checking')} />;
  else if (check.isError) checks = <ErrorState error={check.error} onRetry={() => void check.refetch()} />;
  else checks = <LaunchChecks issues={refused ?? check.data.issues} accountNames={accountNames} onGoToStep={onGoToStep} />;
  const blocked = refused !== null ? refused.length > 0 : (check.data?.issues.length ?? 1) > 0;

  return (
    <Flex vertical gap={16} data-testid="review-step">
      <Card title={t('wizard.review.checksTitle')}>
        {refused ? <Alert type="error" showIcon title={t('wizard.review.launchRefused')} style={{ marginBottom: 12 }} /> : null}
        {checks}
        <Flex justify="flex-end" style={{ marginTop: 12 }}>
          <Button
            type="primary"
            size="large"
            icon={<RocketOutlined aria-hidden />}
            disabled={campaign.status !== 'new' || !campaign.editable || check.isPending || blocked}
            loading={launch.isPending}
            onClick={handleLaunch}
            data-testid="launch-campaign"
          >
            {t('wizard.review.launch')}
          </Button>
        </Flex>
      </Card>
      <Card title={t('wizard.review.planTitle')}>
        <PlanSummary
          campaign={campaign}
          flowchart={campaign.flowchart}
          recipients={check.data?.recipients ?? null}
          names={{
            list: listName(campaign.listId),
            blacklist: listName(campaign.blacklist),
            schedule: schedules.data?.items.find((item) => item.id === campaign.schedule)?.name ?? null,
            senders: campaign.senderEmailAccounts.map((id) => accountNames.get(id) ?? `#${id}`),
            linkedin: campaign.senderLinkedinAccounts.map((id) => accountNames.get(id) ?? `#${id}`),
          }}
        />
      </Card>
      <Card
        title={t('wizard.review.previewTitle')}
        extra={
          rows.length > 0 ? (
            <Select
              aria-label={t('wizard.review.previewRecipient')}
              style={{ width: 260 }}
              value={recipient?.id}
              options={rows.map((row) => ({ value: row.id, label: `${row.name} <${row.emails[0]?.email ?? ''}>` }))}
              onChange={setRecipientId}
            />
          ) : null
        }
      >
        {campaign.listId === null ? <Typography.Text type="secondary">{t('wizard.prospects.pickListFirst')}</Typography.Text> : null}
        {prospects.isError ? <ErrorState error={prospects.error} onRetry={() => void prospects.refetch()} /> : null}
        <Flex vertical gap={12}>
          {emails.map((email, position) => (
            <EmailPreview
              key={`${email.blockId}:${email.index}`}
              heading={email.many ? t('wizard.review.emailVariantHeading', { number: position + 1, variant: VARIANT_LETTERS[email.index] }) : t('wizard.review.emailHeading', { number: position + 1 })}
              variant={email.variant}
              values={values}
              dynamicSeed={`${recipient?.id ?? 0}:${email.blockId}`}
            />
          ))}
        </Flex>
      </Card>
      <Card title={t('wizard.review.testTitle')}>
        {mailboxes.length === 0 ? (
          <Typography.Text type="secondary">{t('wizard.review.testNeedsMailbox')}</Typography.Text>
        ) : (
          <Flex gap={8} wrap align="center">
            <Select
              aria-label={t('wizard.review.testEmailChoice')}
              style={{ width: 220 }}
              value={testEmail ? `${testEmail.blockId}:${testEmail.index}` : undefined}
              options={emails.map((email, position) => ({ value: `${email.blockId}:${email.index}`, label: email.many ? t('wizard.review.emailVariantHeading', { number: position + 1, variant: VARIANT_LETTERS[email.index] }) : t('wizard.review.emailHeading', { number: position + 1 }) }))}
              onChange={setTestBlock}
            />
            <Input type="email" aria-label={t('wizard.review.testTo')} placeholder={t('wizard.review.testTo')} style={{ width: 260 }} value={testTo} onChange={(event) => setTestTo(event.target.value)} />
            <Button onClick={handleSendTest} loading={sendTest.isPending} disabled={!testEmail || !/^\S+@\S+\.\S+$/.test(testTo.trim())}>
              {t('wizard.review.sendTest', { from: mailboxes[0]?.email ?? '' })}
            </Button>
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
