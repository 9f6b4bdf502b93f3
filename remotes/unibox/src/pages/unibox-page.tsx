import { useState } from 'react';
import { Button, Flex } from 'antd';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { UniboxThreadRow } from '@leadforge/contracts';
import { AreaScreen, EmptyState, useIsPhone } from '@leadforge/ui';
import { NAMESPACE } from '../i18n';
import { UNIBOX_PATH, conversationPath } from '../paths';
import { ConversationPane } from '../features/conversation/components/conversation-pane';
import { useUniboxPushes } from '../features/live/hooks/use-unibox-pushes';
import { FoldersPane } from '../features/mailboxes/components/folders-pane';
import { MailboxSettingsDrawer } from '../features/mailboxes/components/mailbox-settings-drawer';
import { TrialBanner } from '../features/mailboxes/components/trial-banner';
import { useListAccounts } from '../features/mailboxes/api/list-accounts';
import { MailboxOwnerSelect } from '../features/owner/components/mailbox-owner-select';
import { useMailboxOwner } from '../features/owner/hooks/use-mailbox-owner';
import { listThreadGroupsQueryOptions } from '../features/threads/api/list-thread-groups';
import { ThreadsPane } from '../features/threads/components/threads-pane';
import { useThreadView } from '../features/threads/hooks/use-thread-view';
import { threadGroupsBody, type ThreadView } from '../features/threads/utils/thread-filters';

/** Tall enough for the three panes to scroll on their own under the shell's header. */
const PANES_HEIGHT = 'calc(100vh - 200px)';
const PANES_MIN_HEIGHT = 520;

function parseThreadId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /unibox and /unibox/:conversationId: mailboxes and folders, the filtered conversations, and the
 * open one. Filters, folder and owner live in the URL; on a phone one pane shows at a time.
 */
export function UniboxPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const location = useLocation();
  const isPhone = useIsPhone();
  const { conversationId } = useParams();
  const opened = conversationId !== undefined;
  const threadId = parseThreadId(conversationId);
  const { forUserId } = useMailboxOwner();
  const [view, setView, clearView] = useThreadView();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [phoneFolders, setPhoneFolders] = useState(false);
  const accounts = useListAccounts(forUserId);
  // The same query the list pane runs (shared from the cache): the open thread's row, for its star.
  const list = useInfiniteQuery({ ...listThreadGroupsQueryOptions(threadGroupsBody(view, forUserId)), enabled: threadId !== null });
  const row = list.data?.pages.flatMap((page) => page.items).find((item) => item.id === threadId) ?? null;
  useUniboxPushes(threadId);

  const openThread = (next: UniboxThreadRow) => navigate({ pathname: conversationPath(next.id), search: location.search });
  const backToList = () => navigate({ pathname: UNIBOX_PATH, search: location.search });
  const handleViewChange = (next: ThreadView) => {
    setView(next);
    setPhoneFolders(false);
  };

  const folders = <FoldersPane view={view} forUserId={forUserId} onViewChange={handleViewChange} />;
  const threads = (
    <ThreadsPane
      view={view}
      forUserId={forUserId}
      accounts={accounts.data?.items ?? []}
      linkedinAccounts={accounts.data?.linkedinAccounts ?? []}
      activeId={threadId}
      onViewChange={setView}
      onClearView={clearView}
      onOpen={openThread}
    />
  );
  const conversation =
    threadId !== null ? (
      <ConversationPane
        key={threadId}
        threadId={threadId}
        forUserId={forUserId}
        row={row}
        inTrash={view.trash}
        showBack={isPhone}
        onBack={backToList}
      />
    ) : opened ? (
      <EmptyState title={t('conversation.notFound')} action={<Button onClick={backToList}>{t('conversation.backToList')}</Button>} />
    ) : (
      <EmptyState title={t('conversation.none')} />
    );

  let panes;
  if (isPhone) {
    if (opened) panes = conversation;
    else if (phoneFolders)
      panes = (
        <Flex vertical gap={8}>
          <Button type="text" icon={<ArrowLeftOutlined aria-hidden />} onClick={() => setPhoneFolders(false)} style={{ alignSelf: 'flex-start' }}>
            {t('folders.backToList')}
          </Button>
          {folders}
        </Flex>
      );
    else
      panes = (
        <Flex vertical gap={8} style={{ height: PANES_HEIGHT, minHeight: PANES_MIN_HEIGHT }}>
          <Button onClick={() => setPhoneFolders(true)} style={{ alignSelf: 'flex-start' }}>
            {t('folders.show')}
          </Button>
          {threads}
        </Flex>
      );
  } else {
    panes = (
      <Flex gap={16} style={{ height: PANES_HEIGHT, minHeight: PANES_MIN_HEIGHT }}>
        <section aria-label={t('folders.label')} style={{ width: 240, flexShrink: 0, minHeight: 0 }}>
          {folders}
        </section>
        <section aria-label={t('list.label')} style={{ width: 380, flexShrink: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          {threads}
        </section>
        <section aria-label={t('conversation.label')} style={{ flex: 1, minWidth: 0, overflowY: 'auto' }}>
          {conversation}
        </section>
      </Flex>
    );
  }

  return (
    <AreaScreen
      namespace={NAMESPACE}
      pageKey="unibox"
      extra={
        <Flex gap={8} wrap>
          <MailboxOwnerSelect />
          <Button icon={<SettingOutlined aria-hidden />} onClick={() => setSettingsOpen(true)}>
            {t('settings.open')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <TrialBanner />
        {panes}
      </Flex>
      <MailboxSettingsDrawer open={settingsOpen} forUserId={forUserId} onClose={() => setSettingsOpen(false)} />
    </AreaScreen>
  );
}
