/**
 * Drag and drop of the lists sidebar (@dnd-kit): folders are sortable among themselves, a list is
 * dropped onto a folder to file it there or onto the "no folder" zone to take it out. Each item is
 * dragged by its handle, so a click on a list still opens it; the menu's move entries stay as the
 * path without a pointer. Announcements for screen readers are translated.
 */
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Flex, Typography, theme } from 'antd';
import HolderOutlined from '@ant-design/icons/es/icons/HolderOutlined';
import { useTranslation } from 'react-i18next';
import {
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type CollisionDetection,
  type DragEndEvent,
  type Over,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { NAMESPACE } from '../../../i18n';
import { dropCommand, folderDragId, parseDragId, UNFILED_DROP_ID } from '../utils/sidebar-drop';
import type { ListCommand } from './lists-sidebar';

/** What each draggable and droppable carries: the name the overlay and the announcements use. */
type DragData = { name: string };

const nameOf = (item: Active | Over | null) => (item?.data.current as DragData | undefined)?.name ?? '';

/**
 * A folder drag lands on the folder nearest its centre; a list dragged with the pointer only on a
 * folder (or the zone) under the pointer, so letting go over nothing files it nowhere. A keyboard
 * drag has no pointer: the arrow keys move the list from target to target, so the nearest counts.
 */
const collisionDetection: CollisionDetection = (args) => {
  const active = parseDragId(args.active.id);
  const targets = args.droppableContainers.filter((container) => {
    const kind = parseDragId(container.id)?.kind;
    return kind === 'folder' || (active?.kind === 'list' && kind === 'unfiled');
  });
  const scoped = { ...args, droppableContainers: targets };
  return active?.kind === 'folder' || !args.pointerCoordinates ? closestCenter(scoped) : pointerWithin(scoped);
};

export type SidebarDndProps = {
  /** Folder ids in their shown order. */
  folderIds: number[];
  onCommand: (command: ListCommand) => void;
  children: ReactNode;
};

export function SidebarDnd({ folderIds, onCommand, children }: SidebarDndProps) {
  const { t } = useTranslation(NAMESPACE);
  const { token } = theme.useToken();
  const [dragging, setDragging] = useState<{ id: string; name: string } | null>(null);
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on a handle is still a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const command = dropCommand(active.id, over?.id ?? null, folderIds);
    if (command) onCommand(command);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={({ active }) => setDragging({ id: String(active.id), name: nameOf(active) })}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{
        screenReaderInstructions: { draggable: t('dnd.instructions') },
        announcements: {
          onDragStart: ({ active }) => t('dnd.picked', { name: nameOf(active) }),
          onDragOver: ({ active, over }) =>
            over ? t('dnd.over', { name: nameOf(active), target: nameOf(over) }) : t('dnd.nowhere', { name: nameOf(active) }),
          onDragEnd: ({ active, over }) =>
            over ? t('dnd.dropped', { name: nameOf(active), target: nameOf(over) }) : t('dnd.nowhere', { name: nameOf(active) }),
          onDragCancel: ({ active }) => t('dnd.cancelled', { name: nameOf(active) }),
        },
      }}
    >
      <SortableContext items={folderIds.map(folderDragId)} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
      {dragging && parseDragId(dragging.id)?.kind === 'list' ? <UnfiledDropZone /> : null}
      <DragOverlay dropAnimation={null}>
        {dragging ? (
          <Flex
            align="center"
            gap={8}
            style={{
              padding: '4px 12px',
              background: token.colorBgElevated,
              boxShadow: token.boxShadowSecondary,
              borderRadius: token.borderRadius,
            }}
          >
            <HolderOutlined />
            <Typography.Text>{dragging.name}</Typography.Text>
          </Flex>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function useDropHighlight(isOver: boolean): CSSProperties {
  const { token } = theme.useToken();
  return isOver ? { outline: `2px dashed ${token.colorPrimary}`, outlineOffset: 2, borderRadius: token.borderRadiusSM } : {};
}

export type SortableFolderTitleProps = { folderId: number; name: string; children: ReactNode };

/** A folder's title: a drop target for lists and folders, dragged by its handle. */
export function SortableFolderTitle({ folderId, name, children }: SortableFolderTitleProps) {
  const { t } = useTranslation(NAMESPACE);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging, isOver } = useSortable({
    id: folderDragId(folderId),
    data: { name } satisfies DragData,
  });
  const highlight = useDropHighlight(isOver && !isDragging);
  return (
    <Flex
      ref={setNodeRef}
      align="center"
      gap={4}
      style={{ ...highlight, opacity: isDragging ? 0.5 : 1 }}
      data-folder-id={folderId}
    >
      <DragHandle handleRef={setActivatorNodeRef} attributes={attributes} listeners={listeners} label={t('dnd.dragFolder', { name })} />
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
    </Flex>
  );
}

type DragHandleProps = {
  handleRef: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  label: string;
};

/** The grip a folder or a list is dragged by (pointer or keyboard); a click on it does nothing else. */
function DragHandle({ handleRef, attributes, listeners, label }: DragHandleProps) {
  return (
    <Button
      ref={handleRef}
      size="small"
      type="text"
      icon={<HolderOutlined />}
      {...attributes}
      {...listeners}
      aria-label={label}
      onClick={(event) => event.stopPropagation()}
      style={{ cursor: 'grab', touchAction: 'none' }}
    />
  );
}

export type DraggableListProps = { dragId: string; name: string; children: ReactNode };

/** A list's label, dragged by its handle onto a folder. */
export function DraggableList({ dragId, name, children }: DraggableListProps) {
  const { t } = useTranslation(NAMESPACE);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: dragId,
    data: { name } satisfies DragData,
  });
  return (
    <Flex ref={setNodeRef} align="center" gap={2} style={{ minWidth: 0, opacity: isDragging ? 0.5 : 1 }} data-list-drag={dragId}>
      <DragHandle handleRef={setActivatorNodeRef} attributes={attributes} listeners={listeners} label={t('dnd.dragList', { name })} />
      {children}
    </Flex>
  );
}

/** Shown while a list is dragged: dropping it here takes it out of its folder. */
function UnfiledDropZone() {
  const { t } = useTranslation(NAMESPACE);
  const { token } = theme.useToken();
  const { setNodeRef, isOver } = useDroppable({ id: UNFILED_DROP_ID, data: { name: t('lists.noFolder') } satisfies DragData });
  return (
    <Flex
      ref={setNodeRef}
      justify="center"
      aria-label={t('dnd.unfile')}
      style={{
        padding: 12,
        border: `1px dashed ${isOver ? token.colorPrimary : token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: isOver ? token.colorPrimaryBg : undefined,
      }}
    >
      <Typography.Text type="secondary">{t('dnd.unfile')}</Typography.Text>
    </Flex>
  );
}
