import { useEffect, useState } from 'react';
import { Flex } from 'antd';
import type { CampaignUserInfo, CampaignView, Flowchart } from '@leadforge/contracts';
import { useApiErrorModal } from '@leadforge/ui';
import { SequenceEditor, defaultSequence } from '../../flowchart-editor';
import { SaveAsTemplateButton } from '../../templates/components/save-as-template-button';
import { TemplatePicker } from '../../templates/components/template-picker';
import { usePutCampaignFlowchart } from '../api/save-campaign-section';
import { useDebouncedSave } from '../hooks/use-debounced-save';
import { SaveStatus } from './save-status';

/** A new campaign whose flowchart holds nothing but its start block. */
function isBare(campaign: CampaignView): boolean {
  return campaign.status === 'new' && campaign.flowchart.links.length === 0 && campaign.flowchart.operators.every((operator) => operator.block.type === 'start');
}

export type SequenceStepProps = { campaign: CampaignView; userInfo: CampaignUserInfo };

/**
 * Step 1: the sequence editor over the campaign's flowchart. Each edit is drawn at once and saved
 * when edits pause; the block checks show live on the blocks. A running campaign's blocks may be
 * edited but not added, removed or relinked (the server refuses with campaign_structure_locked).
 */
export function SequenceStep({ campaign, userInfo }: SequenceStepProps) {
  const showError = useApiErrorModal();
  const put = usePutCampaignFlowchart();
  // A campaign just created has only its start block: it opens with the start and one email,
  // saved at once so the other steps and the review read the same sequence.
  const [opening] = useState(() => (isBare(campaign) ? defaultSequence() : null));
  const [flowchart, setFlowchart] = useState<Flowchart>(opening ?? campaign.flowchart);
  // The save's promise lasts until the server answered, so the status says "saving" until then.
  const { schedule, unsaved } = useDebouncedSave((value: Flowchart) =>
    put.mutateAsync({ params: { id: campaign.campaignId }, body: { flowchart: value } }).catch((error: unknown) => showError(error)),
  );
  useEffect(() => {
    if (opening) schedule(opening);
  }, [opening, schedule]);
  const handleChange = (next: Flowchart) => {
    setFlowchart(next);
    schedule(next);
  };

  return (
    <Flex vertical gap={8}>
      <Flex justify="flex-end">
        <SaveStatus saving={unsaved || put.isPending} failed={put.isError} />
      </Flex>
      <div style={{ height: 640 }} data-testid="sequence-step">
        <SequenceEditor
          value={flowchart}
          onChange={handleChange}
          capabilities={userInfo.capabilities}
          isNewCampaign={campaign.status === 'new'}
          knownVariables={userInfo.variables.map((variable) => variable.name)}
          structureLocked={campaign.status === 'active' || campaign.status === 'pause'}
          readOnly={!campaign.editable}
          campaignId={campaign.campaignId}
          renderTemplatePicker={(apply) => (
            <TemplatePicker onPick={(template) => apply({ subject: template.templateData.subject, body: template.templateData.body, plainTextMode: template.templateData.plainTextMode })} />
          )}
          renderSaveTemplate={(email) => <SaveAsTemplateButton subject={email.subject} body={email.body} plainTextMode={email.plainTextMode} />}
        />
      </div>
    </Flex>
  );
}
