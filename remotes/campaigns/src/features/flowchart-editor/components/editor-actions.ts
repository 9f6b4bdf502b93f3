import { createContext, useContext } from 'react';

/** What a block on the canvas may ask of the editor; the callbacks are stable. */
export interface EditorActions {
  removeBlock(id: string): void;
  openBlock(id: string): void;
}

const noop = () => undefined;

export const EditorActionsContext = createContext<EditorActions>({ removeBlock: noop, openBlock: noop });

export function useEditorActions(): EditorActions {
  return useContext(EditorActionsContext);
}
