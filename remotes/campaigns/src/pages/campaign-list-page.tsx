import { useState } from 'react';
import { Alert, Button, Flex } from 'antd';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PAGE_SIZES, type CampaignListItem, type CampaignStateAction } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { Screen } from '../components/screen';
import { NAMESPACE } from '../i18n';
import { useCampaignUserInfo } from '../features/campaign-list/api/campaign-user-info';
import { useCreateCampaignCopy } from '../features/campaign-list/api/create-campaign-copy';
import { useDeleteCampaign } from '../features/campaign-list/api/delete-campaign';
import { useListCampaignFolders } from '../features/campaign-list/api/list-campaign-folders';
import { useListCampaigns } from '../features/campaign-list/api/list-campaigns';
import { useSaveCampaign } from '../features/campaign-list/api/save-campaign';
import { useSetCampaignState } from '../features/campaign-list/api/set-campaign-state';
import { useUpdateCampaign } from '../features/campaign-list/api/update-campaign';
import { CampaignFiltersBar } from '../features/campaign-list/components/campaign-filters-bar';
import { CampaignTips } from '../features/campaign-list/components/campaign-tips';
import { CopyCampaignDialog, DeleteCampaignDialog, MoveToFolderDialog, NewCampaignDialog } from '../features/campaign-list/components/campaign-dialogs';
import { CampaignsTable, type CampaignRowAction } from '../features/campaign-list/components/campaigns-table';
import { FolderSidebar } from '../features/campaign-list/components/folder-sidebar';
import { EMPTY_FILTERS, campaignListQuery, hasActiveFilters, type CampaignFilters, type FolderSelection } from '../features/campaign-list/utils/list-filters';
import { useSenderAccounts } from '../features/campaign-wizard/api/sender-accounts';
import { useTeamProspectLists } from '../features/campaign-wizard/api/team-prospect-lists';
import { wizardPath } from '../features/campaign-wizard/utils/wizard-steps';

/**
 * /campaigns: the caller's campaigns (document 1 §2), 20 a page, with folders, the filters of
 * §2 (the owner filter hidden for members limited to their own records), status, quick figures
 * and the actions pause/resume/complete, archive/unarchive, copy, move to a folder and delete.
 * Archived campaigns are left out unless the status filter is "Archived" (the API's default).
 */
export function CampaignListPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useApiErrorModal();
  const [filters, setFilters] = useState<CampaignFilters>(EMPTY_FILTERS);
  const [folder, setFolder] = useState<FolderSelection>('all');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<CampaignListItem | null>(null);
  const [copying, setCopying] = useState<CampaignListItem | null>(null);
  const [moving, setMoving] = useState<CampaignListItem | null>(null);

  const userInfo = useCampaignUserInfo();
  const ownerFilter = userInfo.data?.showOwnerFilter ?? false;
  const list = useListCampaigns(campaignListQuery(filters, folder, page, { ownerFilter }));
  const folders = useListCampaignFolders();
  const lists = useTeamProspectLists();
  const senders = useSenderAccounts();
  const save = useSaveCampaign();
  const setState = useSetCampaignState();
  const copy = useCreateCampaignCopy();
  const remove = useDeleteCampaign();
  const update = useUpdateCampaign();

  const handleFilters = (next: CampaignFilters) => {
    setFilters(next);
    setPage(1);
  };
  const handleFolder = (next: FolderSelection) => {
    setFolder(next);
    setPage(1);
  };

  const handleCreate = (title: string) =>
    save.mutate(
      { body: { title, ...(typeof folder === 'number' ? { folder } : {}) } },
      {
        onSuccess: ({ campaign }) => {
          setCreating(false);
          void navigate(wizardPath(campaign.campaignId, 'sequence'));
        },
        onError: (error) => showError(error),
      },
    );

  const handleSetState = (campaign: CampaignListItem, state: CampaignStateAction) =>
    setState.mutate(
      { body: { campaignId: campaign.campaignId, state } },
      {
        onSuccess: () => toast.success(t(`list.toasts.${state}`, { title: campaign.title })),
        onError: (error) => showError(error),
      },
    );

  const handleAction = (campaign: CampaignListItem, action: CampaignRowAction) => {
    if (action === 'copy') setCopying(campaign);
    else if (action === 'move') setMoving(campaign);
    else setDeleting(campaign);
  };

  const handleCopy = (campaign: CampaignListItem, withAttachments: boolean) =>
    copy.mutate(
      { params: { id: campaign.campaignId }, body: { withAttachments } },
      {
        onSuccess: ({ campaign: created }) => {
          setCopying(null);
          toast.success(t('list.toasts.copied', { title: created.title }));
        },
        onError: (error) => showError(error),
      },
    );

  const handleDelete = (campaign: CampaignListItem) =>
    remove.mutate(
      { params: { id: campaign.campaignId } },
      {
        onSuccess: ({ cancelledMessages, cancelledActions }) => {
          setDeleting(null);
          toast.success(t('list.toasts.deleted', { title: campaign.title, messages: cancelledMessages, actions: cancelledActions }));
        },
        onError: (error) => showError(error),
      },
    );

  const handleMove = (campaign: CampaignListItem, target: number | null) =>
    update.mutate(
      { body: { campaignId: campaign.campaignId, folder: target } },
      {
        onSuccess: () => {
          setMoving(null);
          toast.success(t('list.toasts.moved', { title: campaign.title }));
        },
        onError: (error) => showError(error),
      },
    );

  const newButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} disabled={userInfo.data?.canCreate === false} onClick={() => setCreating(true)} data-testid="new-campaign">
      {t('list.newCampaign')}
    </Button>
  );

  const items = list.data?.items ?? [];
  const listsDeleted = items.filter((item) => item.listDeleted);
  let content;
  if (list.isPending) content = <LoadingState label={t('list.loading')} />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (items.length === 0 && !hasActiveFilters(filters) && folder === 'all')
    content = <EmptyState title={t('list.empty.title')} description={t('list.empty.description')} action={newButton} />;
  else
    content = (
      <CampaignsTable
        items={items}
        loading={list.isFetching}
        page={page}
        pageSize={list.data.perPage || PAGE_SIZES.campaignList}
        total={list.data.total}
        onPageChange={setPage}
        busyId={setState.isPending ? (setState.variables?.body.campaignId ?? null) : null}
        onSetState={handleSetState}
        onAction={handleAction}
      />
    );

  return (
    <Screen pageKey="campaignList" extra={newButton}>
      <Flex gap={16} align="flex-start" wrap>
        <FolderSidebar value={folder} onChange={handleFolder} />
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
          {userInfo.data?.canCreate === false ? <Alert type="warning" showIcon title={t('list.planEnded')} /> : null}
          <CampaignTips />
          {listsDeleted.length > 0 ? (
            <Alert
              type="error"
              showIcon
              data-testid="lists-deleted-warning"
              title={t('errors:campaigns_list_deleted.title')}
              description={t('list.listDeletedWarning', { titles: listsDeleted.map((item) => item.title).join(', ') })}
            />
          ) : null}
          <CampaignFiltersBar
            value={filters}
            onChange={handleFilters}
            lists={(lists.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }))}
            senderAccounts={(senders.data?.email ?? []).map((account) => ({ value: account.id, label: account.email }))}
            owners={ownerFilter ? (userInfo.data?.owners ?? []) : null}
          />
          {content}
        </Flex>
      </Flex>
      <NewCampaignDialog open={creating} creating={save.isPending} onCancel={() => setCreating(false)} onConfirm={handleCreate} />
      <DeleteCampaignDialog campaign={deleting} deleting={remove.isPending} onCancel={() => setDeleting(null)} onConfirm={handleDelete} />
      <CopyCampaignDialog campaign={copying} copying={copy.isPending} onCancel={() => setCopying(null)} onConfirm={handleCopy} />
      <MoveToFolderDialog campaign={moving} folders={folders.data?.items ?? []} moving={update.isPending} onCancel={() => setMoving(null)} onConfirm={handleMove} />
    </Screen>
  );
}
