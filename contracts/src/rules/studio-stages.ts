/** AI studio stage rules of document 1 §4. */
import { STUDIO_STAGES, type StudioStage, type StudioWorkflowStatus } from '../studio';

export interface DraftLike {
  isSelected: boolean;
  strategyId: number | null;
  styleId: number | null;
}

/**
 * Drafts shown at a stage: none at start and usp; all at draft; only the selected ones at
 * customize; at result and completed only the selected ones that have a strategy or a style.
 */
export function draftsShownAtStage<T extends DraftLike>(drafts: readonly T[], stage: StudioStage): T[] {
  switch (stage) {
    case STUDIO_STAGES.start:
    case STUDIO_STAGES.usp:
      return [];
    case STUDIO_STAGES.draft:
      return [...drafts];
    case STUDIO_STAGES.customize:
      return drafts.filter((draft) => draft.isSelected);
    case STUDIO_STAGES.result:
    case STUDIO_STAGES.completed:
      return drafts.filter((draft) => draft.isSelected && (draft.strategyId !== null || draft.styleId !== null));
  }
}

/** Before completion a workflow shows the default name; afterwards the name it was given is kept. */
export function workflowDisplayName(
  workflow: { status: StudioWorkflowStatus; name: string | null },
  defaultName: string,
): string {
  if (workflow.status !== 'completed') return defaultName;
  const name = (workflow.name ?? '').trim();
  return name.length > 0 ? name : defaultName;
}

/** Result and completed share the result screen. */
export function studioScreenForStage(stage: StudioStage): 'start' | 'usp' | 'draft' | 'customize' | 'result' {
  switch (stage) {
    case STUDIO_STAGES.start:
      return 'start';
    case STUDIO_STAGES.usp:
      return 'usp';
    case STUDIO_STAGES.draft:
      return 'draft';
    case STUDIO_STAGES.customize:
      return 'customize';
    default:
      return 'result';
  }
}
