import { useEffect, useMemo, useState } from 'react';
import { Button, Drawer, Flex, Space, Tooltip, Typography } from 'antd';
import ImportOutlined from '@ant-design/icons/es/icons/ImportOutlined';
import TagsOutlined from '@ant-design/icons/es/icons/TagsOutlined';
import AppstoreAddOutlined from '@ant-design/icons/es/icons/AppstoreAddOutlined';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { listTeamFilterSchema, type ListTeamFilter, type ProspectFilter } from '@leadforge/contracts';
import { usePushEvent } from '@leadforge/api-client';
import { useSessionFacts } from '@leadforge/session';
import { EmptyState, ErrorState, LoadingState, PageHeader, useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../i18n';
import { prospectsKeys } from '../query-keys';
import { useLists } from '../features/lists/api/get-lists';
import { ListsSidebar } from '../features/lists/components/lists-sidebar';
import { useListCommands } from '../features/lists/hooks/use-list-commands';
import { useProspectsPage } from '../features/prospects-table/api/list-prospects';
import { useCopyToList } from '../features/prospects-table/api/copy-to-list';
import { useMoveProspects } from '../features/prospects-table/api/move-prospects';
import { useRemoveProspects } from '../features/prospects-table/api/remove-prospects';
import { useExportProspects } from '../features/prospects-table/api/export-prospects';
import { bulkBodies, bulkSubject } from '../features/prospects-table/api/selection-ids';
import { BulkActions } from '../features/prospects-table/components/bulk-actions';
import { BulkTargetModal, type BulkTarget } from '../features/prospects-table/components/bulk-target-modal';
import { ProspectsFilters } from '../features/prospects-table/components/prospects-filters';
import { ProspectsTable } from '../features/prospects-table/components/prospects-table';
import { SidebarLayout } from '../components/sidebar-layout';
import { useTableLayout } from '../features/prospects-table/hooks/use-table-layout';
import { offeredBulkActions } from '../features/prospects-table/utils/offered-actions';
import { EMPTY_SELECTION, isSelected, selectedCount, type BulkAction, type Selection } from '../features/prospects-table/utils/selection';
import { EMPTY_FILTER, withFilter, type ProspectsTableState } from '../features/prospects-table/utils/table-query';
import { tableStateFromParams, tableStateToParams } from '../features/prospects-table/utils/table-params';
import { useTableParams } from '@leadforge/ui';
import { useFieldGroups } from '../features/custom-fields/api/get-field-groups';
import { CustomFieldsManager } from '../features/custom-fields/components/custom-fields-manager';
import { useCustomTags } from '../features/tags/api/get-custom-tags';
import { useSaveTags } from '../features/tags/api/save-tags';
import { useTagProcess } from '../features/tags/api/check-create-tags';
import { TagsManager } from '../features/tags/components/tags-manager';
import { ImportWizard } from '../features/import/components/import-wizard';
import { useWithoutEmails } from '../features/verification/api/check-without-emails';
import { useCheckEmails, useQueueVerification } from '../features/verification/api/update-check-emails';
import { NotEnoughBalanceError, useStartVerification } from '../features/verification/api/start-verification';
import { ProspectView } from '../features/prospect/components/prospect-view';
import { NewProspect } from '../features/prospect/components/new-prospect';

type Panel = 'import' | 'tags' | 'fields' | null;

/**
 * /prospects/all and /prospects/list/{id}: the lists sidebar, the prospects table and its actions.
 * In the URL besides the list: the table's page, sort and filter, and the sidebar's `owner` filter.
 */
export function ProspectsPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useApiErrorModal();
  const queryClient = useQueryClient();
  const facts = useSessionFacts();
  const { id } = useParams();
  const listId = id ? Number(id) : null;

  const [params, updateParams] = useTableParams();
  const owner = listTeamFilterSchema.safeParse(params.get('owner'));
  const teamFilter: ListTeamFilter = owner.success ? owner.data : 'all';
  const state = useMemo(() => tableStateFromParams(listId, params), [listId, params]);
  const setState = (next: ProspectsTableState) => updateParams(tableStateToParams(next));
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [openProspect, setOpenProspect] = useState<number | null>(null);
  const [target, setTarget] = useState<'move' | 'copy' | 'tag' | null>(null);
  const [busy, setBusy] = useState<BulkAction | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [tagProcessId, setTagProcessId] = useState<string | null>(null);
  const [verifyingIds, setVerifyingIds] = useState<number[]>([]);

  // A different list starts with nothing selected (its address carries no page or filter).
  useEffect(() => {
    setSelection(EMPTY_SELECTION);
  }, [listId]);

  const lists = useLists(teamFilter);
  const groups = useFieldGroups();
  const customFields = [...(groups.data?.groups.flatMap((group) => group.fields) ?? []), ...(groups.data?.ungrouped ?? [])];
  const layout = useTableLayout(facts.userId, customFields);
  const page = useProspectsPage(state);
  const tags = useCustomTags();
  const withoutEmails = useWithoutEmails(listId);
  const tagProcess = useTagProcess(tagProcessId);
  const verification = useCheckEmails(verifyingIds);
  const runListCommand = useListCommands((created) => navigate(`/prospects/list/${created}`));
  const move = useMoveProspects();
  const copy = useCopyToList();
  const remove = useRemoveProspects();
  const exportFile = useExportProspects();
  const saveTags = useSaveTags();
  const startVerification = useStartVerification();
  const queueVerification = useQueueVerification();

  // Document 2 §8: a failing lists fetch is a warning, the table still works.
  useEffect(() => {
    if (lists.isError) toast.warning(t('lists.fetchFailed'));
  }, [lists.isError, t, toast]);
  // Import progress and other changes pushed by the server refresh what they touch.
  usePushEvent('prospect.imported', (event) => {
    if (event.payload.done) void queryClient.invalidateQueries({ queryKey: prospectsKeys.lists() });
  });
  // Verification results: when nothing is unresolved any more, the table shows the new statuses.
  useEffect(() => {
    if (verification.data && verification.data.unresolved === 0) {
      void queryClient.invalidateQueries({ queryKey: prospectsKeys.lists() });
      setVerifyingIds([]);
    }
  }, [verification.data, queryClient]);
  useEffect(() => {
    if (tagProcess.data?.status === 'done') {
      toast.success(t('tags.done'));
      setTagProcessId(null);
    }
  }, [tagProcess.data?.status, t, toast]);

  const sidebarLists = lists.data?.lists ?? [];
  const listName = page.data?.currentProspectList?.name ?? (listId === null ? t('lists.allContacts') : t('pages.prospectList.title'));
  const total = page.data?.prospectsCount ?? 0;
  // A filtered count may stop early: the table and the selection then say "N+".
  const totalCapped = page.data?.prospectsCountCapped ?? false;
  const onError = (error: Error) => showError(error);

  const runOnSelection = async (action: BulkAction, extra?: BulkTarget) => {
    setBusy(action);
    try {
      // Ticked rows go as ids; "all matching" goes as the list and filter minus the unticked rows,
      // which the server resolves itself, so every matching prospect is acted on, on every page.
      const subject = bulkSubject(state, selection);
      const selectedRowsOnPage = (page.data?.contacts ?? []).filter((row) => isSelected(selection, row.id));
      // How many the server says it acted on, when it says; otherwise how many are selected.
      let acted: number | null = null;
      if (action === 'move' && extra?.kind === 'move' && listId !== null) {
        acted = (await move.mutateAsync({ body: bulkBodies.move(subject, listId, extra.listId) })).moved;
      } else if (action === 'copy' && extra?.kind === 'copy') {
        acted = (await copy.mutateAsync({ body: bulkBodies.copy(subject, extra.listId) })).added;
      } else if (action === 'tag' && extra?.kind === 'tag') {
        const saved = await saveTags.mutateAsync({ body: bulkBodies.tag(subject, extra.tags) });
        if (saved.process.status === 'in_progress') setTagProcessId(saved.process.id);
        else {
          acted = saved.process.total;
          void queryClient.invalidateQueries({ queryKey: prospectsKeys.lists() });
        }
      } else if (action === 'delete') {
        acted = (await remove.mutateAsync({ body: bulkBodies.remove(subject, listId) })).removed;
      } else if (action === 'export') {
        await exportFile.mutateAsync('ids' in subject ? { listId, ids: subject.ids } : { listId, selection: subject.selection });
      } else if (action === 'verify') {
        // The credits check needs the addresses, which the client has only for ticked rows; for
        // "all matching" the server refuses the queueing itself when the balance is empty.
        if ('ids' in subject) await startVerification.mutateAsync(selectedRowsOnPage.flatMap((row) => row.emails.map((email) => email.email)));
        await queueVerification.mutateAsync({ body: bulkBodies.verify(subject) });
        // The statuses followed on screen: the ticked rows, or the selected rows of this page.
        setVerifyingIds('ids' in subject ? subject.ids.slice(0, 500) : selectedRowsOnPage.map((row) => row.id));
      } else {
        return;
      }
      const count = acted ?? selectedCount(selection, total);
      const atLeast = acted === null && totalCapped && selection.mode === 'allMatching';
      toast.success(t(atLeast ? [`bulk.doneAtLeast.${action}`, `bulk.done.${action}`] : `bulk.done.${action}`, { count }));
      setSelection(EMPTY_SELECTION);
    } catch (error) {
      if (error instanceof NotEnoughBalanceError) toast.error(t('verification.notEnough', { needed: error.needed, balance: error.balance }));
      else onError(error as Error);
    } finally {
      setBusy(null);
    }
  };

  // "All matching" is the set the filter shows: another filter starts a new selection.
  const handleFilterChange = (filter: Partial<ProspectFilter>) => {
    setState(withFilter(state, filter));
    setSelection((current) => (current.mode === 'allMatching' ? EMPTY_SELECTION : current));
  };

  const handleAction = (action: BulkAction) => {
    if (action === 'move' || action === 'copy' || action === 'tag') setTarget(action);
    else void runOnSelection(action);
  };

  const header = (
    <PageHeader
      title={listName}
      subtitle={
        withoutEmails.data && withoutEmails.data.count !== -1
          ? t('verification.withoutEmail', { count: withoutEmails.data.count })
          : withoutEmails.data
            ? t('verification.counting')
            : undefined
      }
      extra={
        <Space wrap>
          <NewProspect listId={listId} lists={sidebarLists.filter((list) => list.userId === facts.userId)} />
          {/* A CSV goes into a list: on All contacts the button says why it is off. */}
          <Tooltip title={listId === null ? t('import.chooseList') : undefined}>
            <Button icon={<ImportOutlined />} disabled={listId === null} aria-describedby={listId === null ? 'import-choose-list' : undefined} onClick={() => setPanel('import')}>
              {t('import.open')}
            </Button>
          </Tooltip>
          {listId === null ? (
            <Typography.Text id="import-choose-list" type="secondary" style={{ fontSize: 12 }}>
              {t('import.chooseList')}
            </Typography.Text>
          ) : null}
          <Button icon={<DownloadOutlined />} disabled={!page.data?.canExport} loading={exportFile.isPending} onClick={() => exportFile.mutate({ listId }, { onError })}>
            {t('export.list')}
          </Button>
          <Button icon={<TagsOutlined />} onClick={() => setPanel('tags')}>
            {t('tags.manage')}
          </Button>
          <Button icon={<AppstoreAddOutlined />} onClick={() => setPanel('fields')}>
            {t('customFields.manage')}
          </Button>
        </Space>
      }
    />
  );

  const table = (() => {
    if (layout.isPending || (page.isPending && !page.data)) return <LoadingState label={t('table.loading')} />;
    if (layout.error) return <ErrorState error={layout.error} onRetry={() => void layout.refetch()} />;
    if (page.isError && !page.data) return <ErrorState error={page.error} onRetry={() => void page.refetch()} />;
    if (page.data?.notFound) return <EmptyState title={t('lists.notFound')} action={<Button onClick={() => navigate('/prospects/all')}>{t('lists.allContacts')}</Button>} />;
    return (
      <ProspectsTable
        rows={page.data?.contacts ?? []}
        total={total}
        totalCapped={totalCapped}
        loading={page.isFetching}
        state={state}
        layout={layout.layout!}
        customFields={customFields}
        selection={selection}
        onStateChange={setState}
        onSelectionChange={setSelection}
        onLayoutChange={layout.change}
        onOpenProspect={(row) => setOpenProspect(row.id)}
        toolbar={
          <Flex gap={8} align="center" wrap>
            <ProspectsFilters
              filter={state.filter}
              tags={tags.data?.tags ?? []}
              lists={sidebarLists}
              onChange={handleFilterChange}
              onReset={() => handleFilterChange(EMPTY_FILTER)}
            />
            {tagProcessId ? <Typography.Text type="secondary">{t('tags.inProgress')}</Typography.Text> : null}
            {verifyingIds.length > 0 ? <Typography.Text type="secondary">{t('verification.inProgress')}</Typography.Text> : null}
            <BulkActions
              selection={selection}
              total={total}
              totalCapped={totalCapped}
              pageSize={page.data?.contacts.length ?? 0}
              busy={busy}
              // No move on All contacts, nothing the list's showOptions forbid.
              actions={offeredBulkActions(listId, page.data)}
              onSelectAllMatching={() => setSelection({ mode: 'allMatching', excludedIds: [] })}
              onClear={() => setSelection(EMPTY_SELECTION)}
              onAction={handleAction}
            />
          </Flex>
        }
      />
    );
  })();

  return (
    <Flex vertical gap={0} data-area="prospects">
      {header}
      <SidebarLayout
        sidebar={
          lists.isPending ? (
            <LoadingState label={t('lists.loading')} />
          ) : (
            <ListsSidebar
              lists={sidebarLists}
              folders={lists.data?.folders ?? []}
              deletedLists={lists.data?.deletedLists ?? []}
              allContactsCount={lists.data?.allContactsCount ?? 0}
              activeListId={listId}
              userId={facts.userId}
              teamFilter={teamFilter}
              teamFilterOptions={lists.data?.teamFilterOptions ?? []}
              onTeamFilterChange={(next) => updateParams({ owner: next === 'all' ? undefined : next })}
              // Another list opens on its first page, unfiltered; the sidebar keeps its owner filter.
              onSelect={(next) =>
                navigate({
                  pathname: next === null ? '/prospects/all' : `/prospects/list/${next}`,
                  search: teamFilter === 'all' ? '' : `?owner=${teamFilter}`,
                })
              }
              onCommand={runListCommand}
            />
          )
        }
      >
        {table}
      </SidebarLayout>
      <BulkTargetModal
        kind={target}
        lists={sidebarLists.filter((list) => list.id !== listId && list.userId === facts.userId)}
        tags={tags.data?.tags ?? []}
        onCancel={() => setTarget(null)}
        onSubmit={(value) => {
          setTarget(null);
          void runOnSelection(value.kind, value);
        }}
      />
      <Drawer open={openProspect !== null} size="large" onClose={() => setOpenProspect(null)} destroyOnHidden title={t('pages.prospect.title')}>
        {openProspect !== null ? <ProspectView prospectId={openProspect} listId={listId ?? 0} onOpenProspect={setOpenProspect} /> : null}
      </Drawer>
      <Drawer open={panel === 'tags'} size="large" onClose={() => setPanel(null)} title={t('tags.manage')} destroyOnHidden>
        <TagsManager />
      </Drawer>
      <Drawer open={panel === 'fields'} size="large" onClose={() => setPanel(null)} title={t('customFields.manage')} destroyOnHidden>
        <CustomFieldsManager />
      </Drawer>
      {listId !== null ? (
        <Drawer open={panel === 'import'} size="large" onClose={() => setPanel(null)} title={t('import.title')} destroyOnHidden>
          <ImportWizard listId={listId} onFinished={() => void queryClient.invalidateQueries({ queryKey: prospectsKeys.all })} />
        </Drawer>
      ) : null}
    </Flex>
  );
}
