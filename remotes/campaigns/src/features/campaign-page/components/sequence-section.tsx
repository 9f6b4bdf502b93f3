import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { campaignCapabilities, type CampaignView, type Flowchart } from '@leadforge/contracts';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { SequenceEditor } from '../../flowchart-editor';
import { useGetCampaignUserInfo } from '../api/get-campaign-user-info';
import { useSaveCampaignFlowchart } from '../api/save-campaign-flowchart';

export type SequenceSectionProps = { campaign: CampaignView };

/**
 * The campaign's sequence. On a launched campaign the texts and settings of blocks may change
 * (they apply to the next moves) but not its structure; the editor refuses structural edits and
 * the server answers campaign_structure_locked if one slips through.
 */
export function SequenceSection({ campaign }: SequenceSectionProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const userInfo = useGetCampaignUserInfo();
  const save = useSaveCampaignFlowchart();
  const [draft, setDraft] = useState<Flowchart>(campaign.flowchart);
  const variables = useMemo(() => (userInfo.data?.variables ?? []).map((variable) => variable.name), [userInfo.data]);
  const dirty = draft !== campaign.flowchart;

  // A saved (or refetched) campaign replaces the draft.
  useEffect(() => setDraft(campaign.flowchart), [campaign.flowchart]);

  const readOnly = !campaign.editable || campaign.status === 'completed' || campaign.status === 'archived';
  const handleSave = () =>
    save.mutate(
      { params: { id: campaign.campaignId }, body: { flowchart: draft } },
      { onSuccess: () => toast.success(t('campaignPage.sequence.saved')), onError: (error) => showError(error) },
    );

  return (
    <Flex vertical gap={12}>
      {readOnly ? <Alert type="info" showIcon title={t('campaignPage.sequence.readOnly')} /> : null}
      {!readOnly ? (
        <Flex justify="flex-end" gap={8}>
          <Button disabled={!dirty || save.isPending} onClick={() => setDraft(campaign.flowchart)}>
            {t('campaignPage.sequence.discard')}
          </Button>
          <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={handleSave}>
            {t('campaignPage.sequence.save')}
          </Button>
        </Flex>
      ) : null}
      <div style={{ height: 640 }}>
        <SequenceEditor
          value={draft}
          onChange={setDraft}
          capabilities={userInfo.data?.capabilities ?? campaignCapabilities('paid')}
          isNewCampaign={campaign.status === 'new'}
          knownVariables={variables}
          structureLocked={campaign.status !== 'new'}
          readOnly={readOnly}
          campaignId={campaign.campaignId}
        />
      </div>
    </Flex>
  );
}
