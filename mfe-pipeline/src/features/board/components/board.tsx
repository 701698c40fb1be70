import { STAGE_KEYS, type PipelineCard, type PipelineStage, type StageKey } from '@corretora/contracts';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useMemo, useState } from 'react';
import { STAGES, stageLabel } from '../../../config/stages';
import type { ReferenceNames } from '../../../lib/reference-names';
import { dropOutcome, groupByStage, isStageKey, type DropOutcome } from '../utils/board-model';
import { BoardColumn } from './board-column';
import { CardView } from './card-view';

const useStyles = makeStyles({
  board: {
    display: 'grid',
    gridTemplateColumns: 'repeat(4, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalM,
    overflowX: 'auto',
    paddingBottom: tokens.spacingVerticalS,
  },
  overlay: { cursor: 'grabbing', transform: 'rotate(2deg)' },
});

/** The pointer decides when there is one; the keyboard (no pointer) uses the card's rectangle. */
const collision: CollisionDetection = (args) => {
  const byPointer = pointerWithin(args);
  return byPointer.length > 0 ? byPointer : rectIntersection(args);
};

/** Arrow keys jump from column to column (dnd-kit's default moves 25 px per press). */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const direction = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const rect = context.collisionRect;
  if (direction === 0 || !rect) return undefined;
  event.preventDefault();
  const center = rect.left + rect.width / 2;
  const columns = [...context.droppableRects.values()].map((column) => column.left + column.width / 2).sort((a, b) => a - b);
  const target = direction > 0 ? columns.find((x) => x > center + 1) : [...columns].reverse().find((x) => x < center - 1);
  return target === undefined ? currentCoordinates : { x: currentCoordinates.x + (target - center), y: currentCoordinates.y };
};

function announcer(stages: readonly PipelineStage[] | undefined, cardOf: (id: unknown) => PipelineCard | undefined): Announcements {
  const name = (id: unknown) => cardOf(id)?.contact.name ?? '';
  const column = (id: unknown) => (isStageKey(id) ? stageLabel(id, stages) : '');
  return {
    onDragStart: ({ active }) =>
      `Card ${name(active.id)} pego. Use as setas para a esquerda e a direita para escolher a coluna, Espaço para soltar e Esc para cancelar.`,
    onDragOver: ({ active, over }) =>
      over ? `Card ${name(active.id)} sobre a coluna ${column(over.id)}.` : `Card ${name(active.id)} fora das colunas.`,
    onDragEnd: ({ active, over }) =>
      over ? `Card ${name(active.id)} solto na coluna ${column(over.id)}.` : `Card ${name(active.id)} solto fora das colunas: nada mudou.`,
    onDragCancel: ({ active }) => `Movimento cancelado. O card ${name(active.id)} voltou ao lugar.`,
  };
}

const INSTRUCTIONS = {
  draggable:
    'Para mover este card, pressione Espaço. Use as setas para a esquerda e a direita para escolher a coluna e pressione Espaço de novo para soltar; Esc cancela. Enter abre o card.',
};

export interface BoardProps {
  cards: readonly PipelineCard[];
  stages: readonly PipelineStage[] | undefined;
  names: ReferenceNames;
  now: number;
  onOpen: (card: PipelineCard) => void;
  onAdd: (stage: StageKey) => void;
  /** A drop that does something (a move or the finalize form). */
  onDrop: (card: PipelineCard, outcome: Exclude<DropOutcome, { kind: 'none' }>) => void;
}

export function Board({ cards, stages, names, now, onOpen, onAdd, onDrop }: BoardProps) {
  const styles = useStyles();
  const sensors = useSensors(
    // A click opens the card; only a drag of a few pixels picks it up.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columnCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
  // Columns whose cards did not change keep their identity from the previous render (the memoised
  // columns skip their render): the grouping is kept with the cards it was made from, and redone
  // during render when new cards arrive.
  const [grouped, setGrouped] = useState(() => ({ cards, columns: groupByStage(cards, undefined) }));
  let columns = grouped.columns;
  if (grouped.cards !== cards) {
    columns = groupByStage(cards, grouped.columns);
    setGrouped({ cards, columns });
  }
  const [active, setActive] = useState<PipelineCard | null>(null);
  const byId = useMemo(() => new Map(cards.map((card) => [card.id, card])), [cards]);
  const cardOf = useCallback((id: unknown) => (typeof id === 'number' ? byId.get(id) : undefined), [byId]);
  const announcements = useMemo(() => announcer(stages, cardOf), [stages, cardOf]);

  const onDragStart = useCallback((event: DragStartEvent) => setActive(cardOf(event.active.id) ?? null), [cardOf]);
  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      setActive(null);
      const card = cardOf(event.active.id);
      if (!card) return;
      const target = event.over && isStageKey(event.over.id) ? event.over.id : null;
      const outcome = dropOutcome(card, target);
      if (outcome.kind !== 'none') onDrop(card, outcome);
    },
    [onDrop, cardOf],
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
    >
      <div className={styles.board}>
        {STAGE_KEYS.map((key) => {
          const stage = STAGES.find((candidate) => candidate.key === key)!;
          return (
            <BoardColumn
              key={key}
              stage={key}
              label={stageLabel(key, stages)}
              color={stage.color}
              cards={columns[key]}
              names={names}
              now={now}
              idleDays={stages?.find((candidate) => candidate.key === key)?.idleDays ?? null}
              onOpen={onOpen}
              onAdd={key === 'closed' ? undefined : onAdd}
            />
          );
        })}
      </div>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <div className={styles.overlay}>
            <CardView
              card={active}
              names={names}
              now={now}
              idleDays={stages?.find((candidate) => candidate.key === active.stage)?.idleDays ?? null}
            />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
