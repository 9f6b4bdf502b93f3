import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Alert, Button, Flex, theme } from 'antd';
import {
  Background,
  Controls,
  MiniMap,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  applyEdgeChanges,
  applyNodeChanges,
  useReactFlow,
  type Connection,
  type EdgeChange,
  type NodeChange,
  type NodeMouseHandler,
} from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import {
  validateFlowchart,
  type BlockType,
  type CampaignCapabilities,
  type Flowchart,
  type FlowchartBlock,
  type FlowchartIssue,
} from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { useCanvasElements } from '../hooks/use-canvas-elements';
import { autoLayout, DEFAULT_BLOCK_SIZE, type BlockSize } from '../utils/auto-layout';
import {
  addBlock,
  chainTail,
  connectBlocks,
  connectionRefusal,
  moveBlocks,
  removeBlocks,
  removeLinks,
  replaceBlock,
  type Point,
} from '../utils/flowchart-edits';
import {
  createEdgeBuilder,
  createNodeBuilder,
  issuesByBlock,
  linkOfEdge,
  type BlockNode,
  type LinkEdge,
} from '../utils/flowchart-nodes';
import { BLOCK_DRAWER_WIDTH, BlockDrawerMemo as BlockDrawer } from './block-drawer';
import { BLOCK_WIDTH, blockNodeTypes } from './block-node';
import { BlockPaletteMemo as BlockPalette, PALETTE_BLOCK_TYPES, PALETTE_DRAG_TYPE } from './block-palette';
import type { EmailContent } from './email-block-editor';
import { EditorActionsContext, type EditorActions } from './editor-actions';
import { FlowchartBannerMemo as FlowchartBanner } from './flowchart-banner';

export interface SequenceEditorProps {
  value: Flowchart;
  onChange(next: Flowchart): void;
  /** Keep the same object while it does not change (memoise it): the checks re-run when it changes. */
  capabilities: CampaignCapabilities;
  isNewCampaign: boolean;
  /** Prospect fields and custom fields, usable as `{{variables}}`; memoised like `capabilities`. */
  knownVariables: readonly string[];
  /** Structural edits (add/remove/relink blocks) are refused on a launched campaign; text edits allowed. */
  structureLocked?: boolean;
  readOnly?: boolean;
  /** Figures drawn on each block on the campaign page (per-block funnel): {[blockId]: {label: count}}. */
  counts?: Record<string, Record<string, number>>;
  /** Slots the wizard fills: template picker and "save as template" in the email block editor. */
  renderTemplatePicker?(apply: (t: EmailContent) => void): ReactNode;
  renderSaveTemplate?(email: EmailContent): ReactNode;
  /** The saved campaign, for its email attachments (uploaded as soon as they are picked). */
  campaignId?: number | undefined;
}

const DELETE_KEYS = ['Delete', 'Backspace'];
const CANVAS_MIN_HEIGHT = 360;
const NO_ISSUES: readonly FlowchartIssue[] = [];
/** Room kept around a block panned into view, in pixels. */
const REVEAL_MARGIN = 24;
const INITIAL_BLOCKS_IN_VIEW = 10;
/** From this many blocks on, blocks outside the view are not rendered. */
export const CULL_FROM_BLOCKS = 40;
const FIT_VIEW_OPTIONS = { padding: 0.2, maxZoom: 1 };

/**
 * The sequence editor of step 1 (and the flowchart of the campaign page): a controlled
 * component over the campaign's flowchart. Every change goes out through `onChange` as a whole new
 * flowchart; the checks of contracts/rules/flowchart run on every value and their issues are drawn
 * on the blocks.
 *
 * Staying smooth with 200 blocks: a drag moves nodes on the canvas only and reaches `onChange` once,
 * when it ends; nodes are rebuilt only for blocks whose payload, issues or figures changed; the
 * handlers given to React Flow never change; large canvases skip off-screen blocks. To measure it
 * (issue 15 asks for >= 50 fps): mount 200 blocks in a page served to Playwright's Chromium, drag a
 * block with page.mouse in small steps while a requestAnimationFrame counter (or a CDP
 * Tracing/Performance.getMetrics capture) records frame times, and report the frame rate's p5.
 */
export function SequenceEditor(props: SequenceEditorProps) {
  return (
    <ReactFlowProvider>
      <SequenceCanvas {...props} />
    </ReactFlowProvider>
  );
}

function carryNode(local: BlockNode, next: BlockNode): BlockNode {
  return { ...next, measured: local.measured, selected: local.selected };
}

function carryEdge(local: LinkEdge, next: LinkEdge): LinkEdge {
  return { ...next, selected: local.selected };
}

function isPaletteType(value: string): value is (typeof PALETTE_BLOCK_TYPES)[number] {
  return (PALETTE_BLOCK_TYPES as readonly string[]).includes(value);
}

function SequenceCanvas({
  value,
  onChange,
  capabilities,
  isNewCampaign,
  knownVariables,
  structureLocked = false,
  readOnly = false,
  counts,
  renderTemplatePicker,
  renderSaveTemplate,
  campaignId,
}: SequenceEditorProps) {
  const { t } = useTranslation(NAMESPACE);
  const { token } = theme.useToken();
  const { screenToFlowPosition, fitView, getNodes, getInternalNode, getViewport, setViewport } = useReactFlow<BlockNode, LinkEdge>();
  const canvasRef = useRef<HTMLDivElement>(null);
  const structureEditable = !readOnly && !structureLocked;
  const movable = !readOnly;

  const issues = useMemo(
    () => validateFlowchart(value, { capabilities, isNewCampaign, knownVariables }),
    [value, capabilities, isNewCampaign, knownVariables],
  );
  const grouped = useMemo(() => issuesByBlock(issues), [issues]);
  const [buildNodes] = useState(createNodeBuilder);
  const [buildEdges] = useState(createEdgeBuilder);
  const derivedNodes = useMemo(
    () => buildNodes(value, grouped, counts, { structureEditable, movable }),
    [buildNodes, value, grouped, counts, structureEditable, movable],
  );
  const derivedEdges = useMemo(() => buildEdges(value, structureEditable), [buildEdges, value, structureEditable]);
  const [nodes, setNodes] = useCanvasElements(derivedNodes, carryNode);
  const [edges, setEdges] = useCanvasElements(derivedEdges, carryEdge);

  // The callbacks handed to React Flow stay the same function for the editor's life (a new one
  // would re-render every block); they read the latest flowchart from here. A commit also moves it
  // forward, so two edits before the parent re-renders build on each other.
  const latest = useRef(value);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = value;
    onChangeRef.current = onChange;
  });
  const commit = useCallback((edit: (flowchart: Flowchart) => Flowchart) => {
    const next = edit(latest.current);
    if (next === latest.current) return;
    latest.current = next;
    onChangeRef.current(next);
  }, []);

  const [openId, setOpenId] = useState<string | null>(null);
  const openBlock = useMemo(() => value.operators.find((operator) => operator.block.id === openId)?.block ?? null, [value, openId]);

  // The drawer covers the right of the screen: an opened block hidden under it, or a new block
  // added below the visible part, is panned into view once, as soon as the canvas has it.
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (!openId) revealed.current = null;
    if (!openId || revealed.current === openId) return;
    const node = getInternalNode(openId);
    const pane = canvasRef.current?.getBoundingClientRect();
    if (!node || !pane) return;
    revealed.current = openId;
    const { x, y, zoom } = getViewport();
    const left = node.internals.positionAbsolute.x * zoom + x;
    const top = node.internals.positionAbsolute.y * zoom + y;
    const right = left + (node.measured.width ?? BLOCK_WIDTH) * zoom;
    const bottom = top + (node.measured.height ?? DEFAULT_BLOCK_SIZE.height) * zoom;
    const visibleRight = Math.min(pane.width, window.innerWidth - BLOCK_DRAWER_WIDTH - pane.left) - REVEAL_MARGIN;
    const shiftX = right > visibleRight ? Math.max(visibleRight - right, REVEAL_MARGIN - left) : 0;
    const shiftY = bottom > pane.height - REVEAL_MARGIN ? Math.max(pane.height - REVEAL_MARGIN - bottom, REVEAL_MARGIN - top) : 0;
    if (shiftX !== 0 || shiftY !== 0) void setViewport({ x: x + shiftX, y: y + shiftY, zoom }, { duration: 200 });
  }, [openId, nodes, getInternalNode, getViewport, setViewport]);

  const handleNodesChange = useCallback(
    (changes: NodeChange<BlockNode>[]) => {
      // Removals go through onDelete, as one edit of blocks and links together.
      const kept = changes.filter((change) => change.type !== 'remove');
      if (kept.length === 0) return;
      setNodes((local) => applyNodeChanges(kept, local));
      // A drag is kept on the canvas while it lasts and reaches the flowchart once, when it ends.
      const moved: Record<string, Point> = {};
      for (const change of kept) if (change.type === 'position' && change.position && !change.dragging) moved[change.id] = change.position;
      if (Object.keys(moved).length > 0) commit((flowchart) => moveBlocks(flowchart, moved));
    },
    [commit, setNodes],
  );

  const handleEdgesChange = useCallback(
    (changes: EdgeChange<LinkEdge>[]) => {
      const kept = changes.filter((change) => change.type !== 'remove');
      if (kept.length > 0) setEdges((local) => applyEdgeChanges(kept, local));
    },
    [setEdges],
  );

  const handleDelete = useCallback(
    ({ nodes: gone, edges: cut }: { nodes: BlockNode[]; edges: LinkEdge[] }) =>
      commit((flowchart) => removeLinks(removeBlocks(flowchart, gone.map((node) => node.id)), cut.map(linkOfEdge))),
    [commit],
  );

  const isValidConnection = useCallback((connection: Connection | LinkEdge) => connectionRefusal(latest.current, connection) === null, []);
  const handleConnect = useCallback((connection: Connection) => commit((flowchart) => connectBlocks(flowchart, linkOfEdge(connection))), [commit]);
  const handleNodeClick = useCallback<NodeMouseHandler<BlockNode>>((_event, node) => setOpenId(node.id), []);
  const handlePaneClick = useCallback(() => setOpenId(null), []);

  const add = useCallback(
    (type: BlockType, at: { after?: string | null; position?: Point }) => {
      let added: string | null = null;
      commit((flowchart) => {
        const result = addBlock(flowchart, type, at.position ? { position: at.position } : { after: at.after ?? chainTail(flowchart) });
        added = result.id;
        return result.flowchart;
      });
      if (added) setOpenId(added);
    },
    [commit],
  );
  const handlePaletteAdd = useCallback((type: BlockType) => add(type, { after: openId }), [add, openId]);

  const handleDragOver = (event: DragEvent) => {
    if (!structureEditable || !event.dataTransfer.types.includes(PALETTE_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  };
  const handleDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(PALETTE_DRAG_TYPE);
    if (!structureEditable || !isPaletteType(type)) return;
    event.preventDefault();
    const point = screenToFlowPosition({ x: event.clientX, y: event.clientY });
    add(type, { position: { x: point.x - BLOCK_WIDTH / 2, y: point.y } });
  };

  // A large flowchart fitted whole would be unreadable: it opens on its first blocks instead.
  const [initialFit] = useState(() =>
    value.operators.length > CULL_FROM_BLOCKS
      ? { ...FIT_VIEW_OPTIONS, nodes: value.operators.slice(0, INITIAL_BLOCKS_IN_VIEW).map((operator) => ({ id: operator.block.id })) }
      : FIT_VIEW_OPTIONS,
  );
  const [fitPending, setFitPending] = useState(false);
  const handleAutoLayout = () => {
    const sizes: Record<string, BlockSize> = {};
    for (const node of getNodes()) {
      sizes[node.id] = { width: node.measured?.width ?? DEFAULT_BLOCK_SIZE.width, height: node.measured?.height ?? DEFAULT_BLOCK_SIZE.height };
    }
    commit((flowchart) => autoLayout(flowchart, sizes));
    setFitPending(true);
  };
  useEffect(() => {
    // After React Flow has the laid-out nodes (its store updates in a child effect, before this one).
    if (!fitPending) return;
    setFitPending(false);
    void fitView(FIT_VIEW_OPTIONS);
  }, [fitPending, nodes, fitView]);

  const handleBlockChange = useCallback((block: FlowchartBlock) => commit((flowchart) => replaceBlock(flowchart, block)), [commit]);
  const handleRemove = useCallback((id: string) => commit((flowchart) => removeBlocks(flowchart, [id])), [commit]);
  const actions = useMemo<EditorActions>(() => ({ removeBlock: handleRemove, openBlock: setOpenId }), [handleRemove]);

  const ariaLabelConfig = useMemo(
    () => ({
      'node.a11yDescription.default': t('editor.a11y.node'),
      'node.a11yDescription.keyboardDisabled': t('editor.a11y.nodeKeyboard'),
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }: { direction: string; x: number; y: number }) =>
        t('editor.a11y.moved', { direction, x: Math.round(x), y: Math.round(y) }),
      'edge.a11yDescription.default': t('editor.a11y.edge'),
      'controls.ariaLabel': t('editor.a11y.controls'),
      'controls.zoomIn.ariaLabel': t('editor.a11y.zoomIn'),
      'controls.zoomOut.ariaLabel': t('editor.a11y.zoomOut'),
      'controls.fitView.ariaLabel': t('editor.a11y.fitView'),
      'controls.interactive.ariaLabel': t('editor.a11y.interactive'),
      'minimap.ariaLabel': t('editor.a11y.minimap'),
      'handle.ariaLabel': t('editor.a11y.handle'),
    }),
    [t],
  );
  const miniMapColor = useCallback(
    (node: BlockNode) => (node.data.issues.length > 0 ? token.colorError : token.colorPrimaryBorder),
    [token.colorError, token.colorPrimaryBorder],
  );

  const blocksWithIssues = grouped.has('') ? grouped.size - 1 : grouped.size;
  const locked = structureLocked && !readOnly;

  return (
    <EditorActionsContext.Provider value={actions}>
      {/* Fills the parent's height when it has one; otherwise the canvas takes its minimum height. */}
      <Flex vertical gap={8} style={{ height: '100%' }}>
        {readOnly && issues.length === 0 ? null : (
          <FlowchartBanner issues={grouped.get('') ?? NO_ISSUES} blocksWithIssues={blocksWithIssues} />
        )}
        {locked ? <Alert type="info" showIcon title={t('editor.lockedNotice')} /> : null}
        <Flex gap={12} align="stretch" style={{ flex: 1, minHeight: 0 }}>
          {readOnly ? null : (
            <div style={{ width: 170, flex: 'none' }}>
              <BlockPalette disabled={!structureEditable} onAdd={handlePaletteAdd} />
            </div>
          )}
          <div
            ref={canvasRef}
            data-testid="sequence-canvas"
            aria-label={t('editor.canvas')}
            role="region"
            onDragOver={handleDragOver}
            onDrop={handleDrop}
            style={{
              flex: 1,
              minHeight: CANVAS_MIN_HEIGHT,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
              overflow: 'hidden',
            }}
          >
            <ReactFlow<BlockNode, LinkEdge>
              nodes={nodes}
              edges={edges}
              nodeTypes={blockNodeTypes}
              onNodesChange={handleNodesChange}
              onEdgesChange={handleEdgesChange}
              onDelete={handleDelete}
              onConnect={handleConnect}
              isValidConnection={isValidConnection}
              onNodeClick={handleNodeClick}
              onPaneClick={handlePaneClick}
              nodesDraggable={movable}
              nodesConnectable={structureEditable}
              edgesReconnectable={false}
              deleteKeyCode={structureEditable ? DELETE_KEYS : null}
              // Off-screen blocks are not rendered on a large canvas, so 200 blocks keep their frame
              // rate; a small one renders everything (no blocks popping in while panning).
              onlyRenderVisibleElements={value.operators.length > CULL_FROM_BLOCKS}
              fitView
              fitViewOptions={initialFit}
              minZoom={0.1}
              ariaLabelConfig={ariaLabelConfig}
            >
              <Background />
              <Controls showInteractive={false} />
              <MiniMap<BlockNode> pannable zoomable nodeColor={miniMapColor} />
              {movable ? (
                // Top left: the block drawer opens over the right side of the canvas.
                <Panel position="top-left">
                  <Button onClick={handleAutoLayout}>{t('editor.autoLayout')}</Button>
                </Panel>
              ) : null}
            </ReactFlow>
          </div>
        </Flex>
      </Flex>
      <BlockDrawer
        block={openBlock}
        issues={(openId ? grouped.get(openId) : undefined) ?? NO_ISSUES}
        knownVariables={knownVariables}
        disabled={readOnly}
        canRemove={structureEditable}
        onChange={handleBlockChange}
        onRemove={handleRemove}
        onClose={handlePaneClick}
        renderTemplatePicker={renderTemplatePicker}
        renderSaveTemplate={renderSaveTemplate}
        campaignId={campaignId}
      />
    </EditorActionsContext.Provider>
  );
}
