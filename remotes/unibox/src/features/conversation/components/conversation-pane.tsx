import { useEffect, useRef } from 'react';
import { Button, Flex, Typography } from 'antd';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import { useTranslation } from 'react-i18next';
import type { UniboxMessageItem, UniboxThreadRow } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { ThreadActions } from '../../threads/components/thread-actions';
import { useThreadMarks } from '../../threads/hooks/use-thread-marks';
import { LeadActions } from '../../lead/components/lead-actions';
import { ProspectCard } from '../../prospect/components/prospect-card';
import { useListThreadMessages } from '../api/list-thread-messages';
import { MessageItem } from './message-item';
import { LinkedinComposer } from './linkedin-composer';
import { ReplyComposer } from './reply-composer';

export type ConversationPaneProps = {
  threadId: number;
  forUserId: number | undefined;
  /** The thread's row when a loaded list holds it (its star and unread count). */
  row: UniboxThreadRow | null;
  /** Whether the list shows the trash (deleting again is not offered there). */
  inTrash: boolean;
  /** Back to the list: the only way out on a phone, and where a deleted thread leaves to. */
  onBack(): void;
  showBack: boolean;
};

/** Stored messages and answers still on their way (a delivery state) are numbered apart, so one id may be both. */
const messageKey = (message: UniboxMessageItem) => `${message.delivery === null ? 'stored' : 'pending'}-${message.id}`;

/** The open conversation: its messages oldest first, the marks, and the composer under them. */
export function ConversationPane({ threadId, forUserId, row, inTrash, onBack, showBack }: ConversationPaneProps) {
  const { t } = useTranslation(NAMESPACE);
  const messages = useListThreadMessages(threadId, forUserId);
  const marks = useThreadMarks(forUserId);
  const markedRead = useRef<number | null>(null);

  const items = messages.data?.items ?? [];
  const hasUnread = (row?.unreadCount ?? 0) > 0 || items.some((message) => !message.isRead);
  // Opening marks read once per thread: a later "mark unread" on the open thread must stick.
  useEffect(() => {
    if (!messages.isSuccess || !hasUnread || markedRead.current === threadId) return;
    markedRead.current = threadId;
    marks.markRead([threadId], true, { quiet: true });
  }, [messages.isSuccess, hasUnread, threadId, marks]);

  const back = showBack ? (
    <Button type="text" icon={<ArrowLeftOutlined aria-hidden />} aria-label={t('conversation.back')} onClick={onBack} />
  ) : null;

  if (messages.isPending) return <LoadingState label={t('conversation.loading')} />;
  if (messages.isError) return <ErrorState error={messages.error} onRetry={() => void messages.refetch()} extra={back} />;
  if (items.length === 0) return <EmptyState title={t('conversation.empty')} action={back} />;

  const linkedinAccountId = row?.linkedinAccountId ?? items[0]!.linkedinAccountId;
  const subject = items[items.length - 1]!.subject || (linkedinAccountId !== null ? t('thread.linkedinConversation') : t('thread.noSubject'));
  const isStarred = row?.isStarred ?? items.some((message) => message.isStarred);
  const answering = [...items].reverse().find((message) => message.direction === 'incoming') ?? items[items.length - 1]!;
  return (
    <Flex vertical gap={12} data-testid="conversation-pane">
      <Flex align="center" gap={8} wrap>
        {back}
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18, flex: 1, minWidth: 0 }} ellipsis={{ tooltip: subject }}>
          {subject}
        </Typography.Title>
        <ThreadActions
          disabled={marks.pending}
          isStarred={isStarred}
          canDelete={!inTrash}
          onRead={(isRead) => marks.markRead([threadId], isRead)}
          onStar={(next) => marks.star([threadId], next)}
          onDelete={() => marks.remove([threadId], onBack)}
        />
      </Flex>
      {row?.lead ? (
        <LeadActions threadId={threadId} forUserId={forUserId} lead={row.lead} campaignTitle={row.campaign?.title ?? null} address={row.counterpart.address} />
      ) : null}
      {row?.prospectId ? <ProspectCard prospectId={row.prospectId} /> : null}
      {items.map((message) => (
        <MessageItem key={messageKey(message)} message={message} forUserId={forUserId} />
      ))}
      {linkedinAccountId !== null ? (
        <LinkedinComposer
          key={threadId}
          linkedinAccountId={linkedinAccountId}
          profileUrl={row?.counterpart.address ?? (answering.direction === 'incoming' ? answering.from.address : answering.to[0] ?? '')}
        />
      ) : (
        <ReplyComposer key={threadId} threadId={threadId} answering={answering} forUserId={forUserId} />
      )}
    </Flex>
  );
}
