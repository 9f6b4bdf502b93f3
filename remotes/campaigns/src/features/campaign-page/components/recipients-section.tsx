import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Col, Flex, Input, Modal, Row, Tooltip } from 'antd';
import FilterOutlined from '@ant-design/icons/es/icons/FilterOutlined';
import UserAddOutlined from '@ant-design/icons/es/icons/UserAddOutlined';
import { useTranslation } from 'react-i18next';
import { isNotAvailableYet, browserLocalStorage } from '@leadforge/api-client';
import { PAGE_SIZES, type CampaignView, type RecipientFilter, type RecipientTableColumn } from '@leadforge/contracts';
import { useSessionFacts } from '@leadforge/session';
import { EmptyState, ErrorState, LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useAddRecipientsToBlacklist } from '../api/add-recipients-to-blacklist';
import { useCreateRecipientsDeal } from '../api/create-recipients-deal';
import { useDeleteRecipients } from '../api/delete-recipients';
import { useGetRecipientStatusCounts } from '../api/get-recipient-status-counts';
import { useListEmailAccountsEverHad } from '../api/list-email-accounts-ever-had';
import { useListRecipients } from '../api/list-recipients';
import { useListSenderAccounts } from '../api/list-sender-accounts';
import { useListTeamProspectLists } from '../api/list-team-prospect-lists';
import { useMoveRecipientsToList } from '../api/move-recipients-to-list';
import { useSetRecipientsSender } from '../api/set-recipients-sender';
import { useSetRecipientsStatus } from '../api/set-recipients-status';
import { columnsStorageKey, readVisibleColumns, writeVisibleColumns } from '../utils/recipient-columns';
import { activeFilterCount, recipientsPageQuery, type RecipientsTableState } from '../utils/recipient-filters';
import { EMPTY_SELECTION, isEmptySelection, selectedCount, selectionTarget, tickedOnPage, type RecipientSelection } from '../utils/selection';
import { AddRecipientsDialog } from './add-recipients-dialog';
import { BulkActionDialog, type BulkDialogChoice, type BulkDialogKind } from './bulk-action-dialog';
import { BulkActionsBar, type RecipientBulkAction } from './bulk-actions-bar';
import { ColumnChooser } from './column-chooser';
import { ExportRecipientsButton } from './export-recipients-button';
import type { SenderNames } from './recipient-cells';
import { RecipientsFilterDrawer } from './recipients-filter-drawer';
import { RecipientsTable } from './recipients-table';
import { SendersEverUsed } from './senders-ever-used';
import { ToCheckPanel } from './to-check-panel';

export type RecipientsSectionProps = { campaign: CampaignView };

const INITIAL_STATE: RecipientsTableState = { page: 1, perPage: PAGE_SIZES.campaignRecipients, sort: null, filter: {} };

type BulkResult = { updated: number; skipped: number };

/**
 * The recipients of a campaign: the table (columns chosen, sorted, filtered, 10 a page), the
 * bulk actions on ticked rows or on every recipient the filter matches, adding recipients to a
 * launched campaign, the to-check recipients and the mailboxes the campaign has sent from.
 */
export function RecipientsSection({ campaign }: RecipientsSectionProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const [modal, modalHolder] = Modal.useModal();
  const { userId } = useSessionFacts();
  const campaignId = campaign.campaignId;

  const [state, setState] = useState<RecipientsTableState>(INITIAL_STATE);
  const [selection, setSelection] = useState<RecipientSelection>(EMPTY_SELECTION);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The box shows the search in force (from the address): "Clear filters" or a shared link updates it.
  const [searchText, setSearchText] = useState(state.filter.search ?? '');
  useEffect(() => setSearchText(state.filter.search ?? ''), [state.filter.search]);
  const [addOpen, setAddOpen] = useState(false);
  const [dialog, setDialog] = useState<BulkDialogKind | null>(null);
  const storage = browserLocalStorage();
  const storageKey = columnsStorageKey(userId);
  const [columns, setColumns] = useState<RecipientTableColumn[]>(() => (storage ? readVisibleColumns(storage, storageKey) : []));

  const recipients = useListRecipients(campaignId, recipientsPageQuery(state));
  const statusCounts = useGetRecipientStatusCounts(campaignId);
  const senderAccounts = useListSenderAccounts();
  const everHad = useListEmailAccountsEverHad(campaignId);
  const lists = useListTeamProspectLists(dialog === 'moveToList');

  const setSender = useSetRecipientsSender();
  const moveToList = useMoveRecipientsToList();
  const setStatus = useSetRecipientsStatus();
  const addToBlacklist = useAddRecipientsToBlacklist();
  const createDeal = useCreateRecipientsDeal();
  const remove = useDeleteRecipients();
  const busy = [setSender, moveToList, setStatus, addToBlacklist, createDeal, remove].some((mutation) => mutation.isPending);

  const senders: SenderNames = useMemo(() => {
    const email = new Map<number, string>();
    for (const item of everHad.data?.items ?? []) email.set(item.id, item.email);
    for (const item of senderAccounts.data?.email ?? []) email.set(item.id, item.email);
    const linkedin = new Map<number, string>((senderAccounts.data?.linkedin ?? []).map((item) => [item.id, item.name]));
    return { email, linkedin };
  }, [everHad.data, senderAccounts.data]);
  const emailSenderOptions = useMemo(() => [...senders.email].map(([id, label]) => ({ id, label })), [senders]);
  const linkedinSenderOptions = useMemo(() => [...senders.linkedin].map(([id, label]) => ({ id, label })), [senders]);
  const currentEmailSenders = emailSenderOptions.filter((option) => campaign.senderEmailAccounts.includes(option.id));
  const currentLinkedinSenders = linkedinSenderOptions.filter((option) => campaign.senderLinkedinAccounts.includes(option.id));

  const rows = recipients.data?.items ?? [];
  const matching = recipients.data?.total ?? null;
  const pageIds = rows.map((row) => row.id);
  const launched = campaign.status === 'active' || campaign.status === 'pause';

  const handleStateChange = (next: RecipientsTableState) => {
    // Another filter is another set of recipients: a selection made on the old one would mislead.
    if (next.filter !== state.filter) setSelection(EMPTY_SELECTION);
    setState(next);
  };
  const handleFilter = (filter: RecipientFilter) => {
    handleStateChange({ ...state, filter, page: 1 });
    setFiltersOpen(false);
  };
  const handleSearch = (value: string) => {
    const { search: _previous, ...rest } = state.filter;
    handleFilter(value.trim() ? { ...rest, search: value.trim() } : rest);
  };
  const handleColumns = (next: RecipientTableColumn[]) => {
    setColumns(next);
    if (storage) writeVisibleColumns(storage, storageKey, next);
  };

  const count = selectedCount(selection, matching ?? 0);
  const target = () => ({ campaignId, ...selectionTarget(selection, state.filter) });
  const done = (result: BulkResult) => {
    toast.success(t('campaignPage.bulk.result', { updated: result.updated, skipped: result.skipped }));
    setSelection(EMPTY_SELECTION);
    setDialog(null);
  };

  const handleChoice = (choice: BulkDialogChoice) => {
    if (choice.kind === 'setSender') {
      const sender =
        choice.channel === 'email'
          ? { kind: 'email' as const, emailAccountId: choice.accountId }
          : { kind: 'linkedin' as const, linkedinAccountId: choice.accountId };
      setSender.mutate({ body: { ...target(), sender } }, { onSuccess: done, onError: showError });
    } else if (choice.kind === 'moveToList') {
      moveToList.mutate({ body: { ...target(), listId: choice.listId } }, { onSuccess: done, onError: showError });
    } else {
      setStatus.mutate({ body: { ...target(), status: choice.status } }, { onSuccess: done, onError: showError });
    }
  };

  const handleAction = (action: RecipientBulkAction) => {
    if (action === 'setSender' || action === 'moveToList' || action === 'setStatus') {
      setDialog(action);
    } else if (action === 'addToBlacklist') {
      void modal.confirm({
        title: t('campaignPage.bulk.blacklistConfirm', { count }),
        content: t('campaignPage.bulk.blacklistHelp'),
        okText: t('campaignPage.bulk.actions.addToBlacklist'),
        cancelText: t('campaignPage.common.cancel'),
        onOk: () => addToBlacklist.mutateAsync({ body: target() }).then(done, showError),
      });
    } else if (action === 'createDeal') {
      createDeal.mutate(
        { body: target() },
        {
          onSuccess: done,
          // The CRM area is not built yet: say so plainly rather than as a failure.
          onError: (error) =>
            isNotAvailableYet(error)
              ? void modal.info({ title: t('campaignPage.bulk.crmUnavailableTitle'), content: t('campaignPage.bulk.crmUnavailable') })
              : showError(error),
        },
      );
    } else {
      remove.mutate({ body: target() }, { onSuccess: done, onError: showError });
    }
  };

  const filters = activeFilterCount(state.filter);
  const toolbar = (
    <Flex gap={8} wrap align="center" justify="space-between">
      <Flex gap={8} wrap align="center">
        <Input.Search
          allowClear
          placeholder={t('campaignPage.recipients.search')}
          aria-label={t('campaignPage.recipients.search')}
          maxLength={255}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          onSearch={handleSearch}
          style={{ width: 280 }}
          data-testid="recipients-search"
        />
        <Badge count={filters} size="small">
          <Button icon={<FilterOutlined aria-hidden />} onClick={() => setFiltersOpen(true)} data-testid="open-filters">
            {t('campaignPage.filters.button')}
          </Button>
        </Badge>
        {filters > 0 || state.filter.search ? (
          <Button type="link" onClick={() => handleFilter({})}>
            {t('campaignPage.filters.clear')}
          </Button>
        ) : null}
      </Flex>
      <Flex gap={8} wrap>
        <Tooltip title={launched ? undefined : t('campaignPage.add.notLaunched')}>
          <Button icon={<UserAddOutlined aria-hidden />} disabled={!launched || !campaign.editable} onClick={() => setAddOpen(true)}>
            {t('campaignPage.add.button')}
          </Button>
        </Tooltip>
        <ColumnChooser visible={columns} onChange={handleColumns} />
        <ExportRecipientsButton campaignId={campaignId} title={campaign.title} filter={state.filter} />
      </Flex>
    </Flex>
  );

  let table;
  if (recipients.isPending) table = <LoadingState label={t('campaignPage.recipients.loading')} />;
  else if (recipients.isError) table = <ErrorState error={recipients.error} onRetry={() => void recipients.refetch()} />;
  else if (recipients.data.total === 0 && filters === 0 && !state.filter.search)
    table = <EmptyState title={t('campaignPage.recipients.empty')} description={t(launched ? 'campaignPage.recipients.emptyLaunched' : 'campaignPage.recipients.emptyNew')} />;
  else
    table = (
      <RecipientsTable
        rows={rows}
        total={recipients.data.total}
        loading={recipients.isFetching}
        state={state}
        columns={columns}
        senders={senders}
        selection={selection}
        onStateChange={handleStateChange}
        onSelectionChange={setSelection}
      />
    );

  return (
    <Row gutter={[16, 16]}>
      {modalHolder}
      <Col span={24}>
        <Flex vertical gap={12}>
          <ToCheckPanel campaignId={campaignId} count={statusCounts.data?.byStatus.tocheck ?? 0} editable={campaign.editable} />
          {toolbar}
          {!isEmptySelection(selection) && campaign.editable ? (
            <BulkActionsBar
              selection={selection}
              matching={matching}
              wholePageTicked={pageIds.length > 0 && tickedOnPage(selection, pageIds).length === pageIds.length}
              busy={busy}
              onSelectAll={() => setSelection({ mode: 'all' })}
              onClear={() => setSelection(EMPTY_SELECTION)}
              onAction={handleAction}
            />
          ) : null}
          <section aria-label={t('campaignPage.recipients.label')}>{table}</section>
        </Flex>
      </Col>
      <Col xs={24} lg={12}>
        <SendersEverUsed campaignId={campaignId} />
      </Col>
      <RecipientsFilterDrawer
        open={filtersOpen}
        filter={state.filter}
        flowchart={campaign.flowchart}
        emailSenders={emailSenderOptions}
        linkedinSenders={linkedinSenderOptions}
        onApply={handleFilter}
        onClose={() => setFiltersOpen(false)}
      />
      <BulkActionDialog
        kind={dialog}
        count={count}
        emailSenders={currentEmailSenders.length > 0 ? currentEmailSenders : emailSenderOptions}
        linkedinSenders={currentLinkedinSenders.length > 0 ? currentLinkedinSenders : linkedinSenderOptions}
        lists={(lists.data?.items ?? []).map((list) => ({ id: list.id, label: list.name }))}
        listsLoading={lists.isPending}
        busy={busy}
        onConfirm={handleChoice}
        onClose={() => setDialog(null)}
      />
      <AddRecipientsDialog campaignId={campaignId} open={addOpen} onClose={() => setAddOpen(false)} />
    </Row>
  );
}
