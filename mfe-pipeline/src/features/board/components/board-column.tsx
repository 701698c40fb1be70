import { formatCount, formatMoney, type PipelineCard, type StageKey } from '@corretora/contracts';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Button, Caption1, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { AddRegular } from '@fluentui/react-icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef, type KeyboardEvent } from 'react';
import type { ReferenceNames } from '../../../lib/reference-names';
import { idleCounts, premiumSum } from '../utils/board-model';
import { CardView } from './card-view';

const useStyles = makeStyles({
  column: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusLarge,
    borderTopWidth: '4px',
    borderTopStyle: 'solid',
    outline: '2px solid transparent',
  },
  over: { outline: `2px dashed ${tokens.colorBrandStroke1}` },
  header: {
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalM,
  },
  headerTexts: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  figures: { color: tokens.colorNeutralForeground2 },
  coldLimit: { color: tokens.colorPaletteMarigoldForeground2 },
  coldOver: { color: tokens.colorPaletteRedForeground1 },
  scroller: {
    height: 'max(420px, calc(100vh - 420px))',
    overflowY: 'auto',
    padding: `0 ${tokens.spacingHorizontalS} ${tokens.spacingVerticalS}`,
  },
  empty: { padding: tokens.spacingVerticalL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  item: { position: 'absolute', top: 0, left: 0, width: '100%', paddingBottom: tokens.spacingVerticalS, boxSizing: 'border-box' },
  card: {
    cursor: 'pointer',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  dragging: { opacity: 0.35 },
});

const CARD_ESTIMATE_PX = 116;

function DraggableCard({
  card,
  names,
  now,
  idleDays,
  onOpen,
}: {
  card: PipelineCard;
  names: ReferenceNames;
  now: number;
  idleDays: number | null;
  onOpen: (card: PipelineCard) => void;
}) {
  const styles = useStyles();
  const draggable = card.status === 'active';
  const owner = names.member(card.responsibleId);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: card.id, disabled: !draggable });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter opens the card; Space picks it up (dnd-kit's keyboard sensor).
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(card);
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={attributes.tabIndex}
      aria-roledescription={draggable ? 'card arrastável' : 'card'}
      aria-label={[card.contact.name, card.status === 'issued' ? 'apólice emitida' : null, owner ? `responsável: ${owner}` : null]
        .filter(Boolean)
        .join(', ')}
      onKeyDown={onKeyDown}
      onClick={() => onOpen(card)}
      className={mergeClasses(styles.card, isDragging && styles.dragging)}
      data-card-id={card.id}
    >
      <CardView card={card} names={names} now={now} idleDays={idleDays} />
    </div>
  );
}

export interface BoardColumnProps {
  stage: StageKey;
  label: string;
  color: string;
  cards: PipelineCard[];
  names: ReferenceNames;
  now: number;
  /** The stage's limit of days without activity (Configurações > Etapas); null: none. */
  idleDays: number | null;
  onOpen: (card: PipelineCard) => void;
  onAdd?: (stage: StageKey) => void;
}

/**
 * One stage: its header (count and the sum of annual premiums), and its cards, virtualised: only
 * the cards in view are mounted, so a column of thousands scrolls like a column of ten.
 */
export const BoardColumn = memo(function BoardColumn({
  stage,
  label,
  color,
  cards,
  names,
  now,
  idleDays,
  onOpen,
  onAdd,
}: BoardColumnProps) {
  const styles = useStyles();
  const idle = idleCounts(cards, idleDays, now);
  const cold = [
    idle.limit > 0 ? `${formatCount(idle.limit)} no limite` : null,
    idle.over > 0 ? `${formatCount(idle.over)} ${idle.over === 1 ? 'parado' : 'parados'}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const scroller = useRef<HTMLDivElement | null>(null);
  // TanStack Virtual hands back fresh functions each render, which the React Compiler cannot memoise;
  // this app is not compiled by it, and the column itself is memoised by hand.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_ESTIMATE_PX,
    overscan: 4,
    getItemKey: (index) => cards[index]!.id,
  });
  const headingId = `coluna-${stage}`;
  return (
    <section
      ref={setNodeRef}
      className={mergeClasses(styles.column, isOver && styles.over)}
      style={{ borderTopColor: color }}
      aria-labelledby={headingId}
      data-stage={stage}
    >
      <div className={styles.header}>
        <div className={styles.headerTexts}>
          <Subtitle2 as="h2" id={headingId}>
            {label}
          </Subtitle2>
          <Caption1 className={styles.figures} data-testid={`totais-${stage}`}>
            {`${formatCount(cards.length)} ${cards.length === 1 ? 'card' : 'cards'} · ${formatMoney(premiumSum(cards))}`}
          </Caption1>
          {cold ? (
            <Caption1 className={idle.over > 0 ? styles.coldOver : styles.coldLimit} data-testid={`parados-${stage}`}>
              {cold}
            </Caption1>
          ) : null}
        </div>
        {onAdd ? (
          <Button
            appearance="subtle"
            size="small"
            icon={<AddRegular />}
            aria-label={`Adicionar lead em ${label}`}
            onClick={() => onAdd(stage)}
          />
        ) : null}
      </div>
      {/* An empty column says so in a paragraph of its own: a list holds list items only. */}
      <div
        ref={scroller}
        className={styles.scroller}
        role={cards.length === 0 ? undefined : 'list'}
        aria-label={cards.length === 0 ? undefined : `Cards em ${label}`}
      >
        {cards.length === 0 ? (
          <Caption1 className={styles.empty} as="p">
            Nenhum card
          </Caption1>
        ) : null}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const card = cards[item.index]!;
            return (
              <div
                key={item.key}
                role="listitem"
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={styles.item}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <DraggableCard card={card} names={names} now={now} idleDays={idleDays} onOpen={onOpen} />
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
});
