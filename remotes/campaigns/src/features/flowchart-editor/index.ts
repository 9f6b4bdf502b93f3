// The flowchart sequence editor: the wizard's step 1 and the campaign page's flowchart mount it.
export { SequenceEditor, type SequenceEditorProps } from './components/sequence-editor';
export type { EmailContent } from './components/email-block-editor';
export { emptyFlowchart, defaultSequence } from './utils/block-factories';
