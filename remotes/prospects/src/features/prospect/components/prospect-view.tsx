import { Descriptions, Flex, Tabs, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useFieldGroups } from '../../custom-fields/api/get-field-groups';
import { useCountryIndustryLists } from '../api/get-country-industry-lists';
import { prospectInfoQueryOptions, useProspectInfo } from '../api/get-prospect-info';
import { useNotes } from '../api/get-notes';
import { usePinnedNotes } from '../api/get-pinned-notes';
import { useCreateNote } from '../api/create-note';
import { useDeleteNote } from '../api/delete-note';
import { usePinNote } from '../api/pin-note';
import { useUnpinNote } from '../api/unpin-note';
import { useSetMood } from '../api/set-mood';
import { useUpdateProspect } from '../api/update-prospect';
import type { ProspectAccessMap } from '../utils/prospect-access';
import { serverFieldErrors } from '../utils/server-errors';
import { DealsTab } from './deals-tab';
import { DuplicatesList } from './duplicates-list';
import { MoodPicker } from './mood-picker';
import { NotesPanel } from './notes-panel';
import { ProspectEditor } from './prospect-editor';
import { ProspectSource } from './prospect-source';
import { TimelineTab } from './timeline-tab';

export type ProspectViewProps = {
  prospectId: number;
  /** The list it was opened from; 0 from All contacts. */
  listId: number;
  onOpenProspect: (prospectId: number) => void;
};

/**
 * One prospect: tabs for details, deals, related companies and custom groups (document 1 §2),
 * plus notes and timeline. What the viewer sees of each element is the server's access map, the
 * same pure rule of document 1 §6 the API enforced when it left hidden elements out.
 */
export function ProspectView({ prospectId, listId, onOpenProspect }: ProspectViewProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const queryClient = useQueryClient();
  const info = useProspectInfo(prospectId, listId);
  const lookups = useCountryIndustryLists();
  const groups = useFieldGroups();
  const notes = useNotes(prospectId, listId);
  const pinned = usePinnedNotes(prospectId, listId);
  const update = useUpdateProspect();
  const createNote = useCreateNote();
  const deleteNote = useDeleteNote();
  const pinNote = usePinNote();
  const unpinNote = useUnpinNote();
  const setMood = useSetMood();

  if (info.isPending) return <LoadingState label={t('prospect.loading')} />;
  if (info.isError) return <ErrorState error={info.error} onRetry={() => void info.refetch()} />;

  const prospect = info.data;
  const access = prospect.access as ProspectAccessMap;
  const noteParams = { listId, prospectId };
  const noteFailed = (error: Error) => showError(error);
  const editable = access.contextMenu === 'edit';

  const details = (
    <Flex vertical gap={16}>
      <ProspectSource source={prospect.source} />
      <MoodPicker
        mood={prospect.mood}
        access={access.mood}
        onChange={(moodPoint) => setMood.mutate({ body: { moodPoint, prospectId } }, { onError: noteFailed })}
      />
      <ProspectEditor
        // A fresh form whenever the saved prospect changes underneath (after a save or a poll).
        key={info.dataUpdatedAt}
        prospect={prospect}
        access={access}
        countries={lookups.data?.countries ?? []}
        industries={lookups.data?.industries ?? []}
        fieldGroups={groups.data?.groups ?? []}
        saving={update.isPending}
        serverErrors={serverFieldErrors(update.error)}
        onSave={(body) =>
          update.mutate(
            { params: { prospectId, listId }, body },
            {
              onSuccess: (saved) => {
                queryClient.setQueryData(prospectInfoQueryOptions(prospectId, listId).queryKey, saved);
                toast.success(t('prospect.saved'));
              },
            },
          )
        }
      />
      {access.duplicates === 'edit' ? (
        <>
          <Typography.Title level={5}>{t('duplicates.title')}</Typography.Title>
          <DuplicatesList duplicates={prospect.duplicates ?? []} onOpen={onOpenProspect} />
        </>
      ) : null}
    </Flex>
  );

  const companies =
    prospect.companies.length === 0 ? (
      <EmptyState title={t('prospect.noCompanies')} />
    ) : (
      <Flex vertical gap={12}>
        {prospect.companies.map((company, index) => (
          <Descriptions key={company.entityId ?? index} size="small" bordered column={1} title={company.name}>
            <Descriptions.Item label={t('prospect.company.url')}>{company.url || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('prospect.company.position')}>{company.position || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('prospect.company.hqPhone')}>{company.hqPhone || '—'}</Descriptions.Item>
          </Descriptions>
        ))}
      </Flex>
    );

  const customGroups =
    access.customGroupTabs === 'hidden' && access.teamCustomFields === 'hidden' ? null : (groups.data?.groups ?? []).length === 0 ? (
      <EmptyState title={t('customFields.noGroups')} />
    ) : (
      <Tabs
        size="small"
        items={(groups.data?.groups ?? []).map((group) => ({
          key: String(group.id),
          label: group.name,
          children: (
            <Descriptions size="small" bordered column={1}>
              {group.fields.map((field) => (
                <Descriptions.Item key={field.id} label={field.name}>
                  {prospect.customFields?.find((value) => value.id === field.id)?.value || '—'}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ),
        }))}
      />
    );

  const tabs = [
    { key: 'details', label: t('prospect.tabs.details'), children: details },
    // Deals: hidden unless the viewer may see them (document 1 §6).
    ...(prospect.deals ? [{ key: 'deals', label: t('prospect.tabs.deals'), children: <DealsTab deals={prospect.deals} /> }] : []),
    { key: 'companies', label: t('prospect.tabs.companies'), children: companies },
    ...(customGroups ? [{ key: 'customGroups', label: t('prospect.tabs.customGroups'), children: customGroups }] : []),
    {
      key: 'notes',
      label: t('prospect.tabs.notes'),
      children: notes.isError ? (
        <ErrorState error={notes.error} onRetry={() => void notes.refetch()} />
      ) : notes.isPending ? (
        <LoadingState />
      ) : (
        <NotesPanel
          notes={notes.data.notes}
          pinnedLimit={pinned.data?.pinnedNotesLimit}
          editable={editable}
          busy={createNote.isPending}
          onAdd={(noteText) => createNote.mutate({ params: noteParams, body: { noteText } }, { onError: noteFailed })}
          onPin={(note) => pinNote.mutate({ params: { ...noteParams, noteId: note.id } }, { onError: noteFailed })}
          onUnpin={(note) => unpinNote.mutate({ params: { ...noteParams, noteId: note.id } }, { onError: noteFailed })}
          onDelete={(note) => deleteNote.mutate({ params: { ...noteParams, noteId: note.id } }, { onError: noteFailed })}
        />
      ),
    },
    { key: 'timeline', label: t('prospect.tabs.timeline'), children: <TimelineTab prospectId={prospectId} /> },
  ];

  return (
    <Flex vertical gap={8} data-viewer-class={prospect.viewerClass}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {prospect.name}
      </Typography.Title>
      <Tabs items={tabs} destroyOnHidden={false} />
    </Flex>
  );
}
