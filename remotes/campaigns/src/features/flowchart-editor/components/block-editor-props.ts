import type { BlockType, FlowchartBlockOf } from '@leadforge/contracts';

/** What every block's form in the drawer takes. */
export type BlockEditorProps<T extends BlockType> = {
  block: FlowchartBlockOf<T>;
  onChange(block: FlowchartBlockOf<T>): void;
  disabled: boolean;
};
