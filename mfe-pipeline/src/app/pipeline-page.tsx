import { STAGE_KEYS, type PipelineCard, type StageKey } from '@corretora/contracts';
import { apiErrorMessage, useSearchParams } from '@corretora/web-kit';
import { PageHeader, useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1, Button, Spinner } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { AddRegular, ArchiveRegular, BoardRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SearchBox, useMemberFilter } from '@corretora/web-kit/ui';
import { STAGES, stageLabel } from '../config/stages';
import { ArchivedGrid } from '../features/archived/components/archived-grid';
import { Board } from '../features/board/components/board';
import { SummaryCards } from '../features/board/components/summary-cards';
import { dropOutcome, matches, type DropOutcome } from '../features/board/utils/board-model';
import { useArchived, useBoard, useMoveCard } from '../features/board/api/board-api';
import { useReferenceNames } from '../lib/reference-names';

// The dialogs load when first opened: the board is interactive sooner and the page lighter.
const ArchiveDialog = lazy(() =>
  import('../features/lead-dialogs/components/archive-dialog').then((module) => ({ default: module.ArchiveDialog })),
);
const ClosedSummaryDialog = lazy(() =>
  import('../features/lead-dialogs/components/closed-summary-dialog').then((module) => ({ default: module.ClosedSummaryDialog })),
);
const EditLeadDialog = lazy(() =>
  import('../features/lead-dialogs/components/edit-lead-dialog').then((module) => ({ default: module.EditLeadDialog })),
);
const FinalizeDialog = lazy(() =>
  import('../features/lead-dialogs/components/finalize-dialog').then((module) => ({ default: module.FinalizeDialog })),
);
const NextActionDialog = lazy(() =>
  import('../features/next-action/components/next-action-dialog').then((module) => ({ default: module.NextActionDialog })),
);
const TimelineDialog = lazy(() => import('../features/contacts/components/timeline-dialog'));
const NewLeadDialog = lazy(() =>
  import('../features/lead-dialogs/components/new-lead-dialog').then((module) => ({ default: module.NewLeadDialog })),
);

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    alignItems: 'center',
    marginBottom: tokens.spacingVerticalL,
  },
  loading: { padding: tokens.spacingVerticalXXXL },
  error: { padding: tokens.spacingVerticalXXL, color: tokens.colorPaletteRedForeground1 },
});

type Open =
  | { kind: 'new'; stage: StageKey; contactId?: number }
  | { kind: 'edit'; card: PipelineCard }
  | { kind: 'archive'; card: PipelineCard }
  | { kind: 'finalize'; card: PipelineCard }
  | { kind: 'summary'; card: PipelineCard }
  | { kind: 'next-action'; card: PipelineCard }
  | { kind: 'history'; card: PipelineCard }
  | null;

/** A clock for "days in stage" that ticks once a minute (the cards stay memoised in between). */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** /pipeline ('Pipeline de Vendas'): the summary, the filters, the board or the archive, and the dialogs. */
export default function PipelinePage() {
  const styles = useStyles();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const names = useReferenceNames();
  const board = useBoard();
  const [showArchived, setShowArchived] = useState(false);
  const archived = useArchived(showArchived);
  const move = useMoveCard();
  const now = useMinuteClock();
  const [search, setSearch] = useState('');
  const [stage, setStage] = useState<StageKey | 'all'>('all');
  // In a team, an owner, admin or assistant narrows the board to one member's deals ('' = everyone's).
  const members = useMemberFilter();
  const memberFilter = members.responsibleId;
  const [open, setOpen] = useState<Open>(null);
  // The dashboard's 'Criar Apólice' lands here with ?novo=1 (the ficha's "Nova venda" adds
  // &cliente=<id>): the new-lead dialog opens with the page (state adjusted while rendering) and the
  // flags leave the address.
  const asksNew = params.get('novo') === '1';
  const forClient = Number(params.get('cliente'));
  if (asksNew && open === null)
    setOpen({ kind: 'new', stage: 'leads', ...(Number.isInteger(forClient) && forClient > 0 ? { contactId: forClient } : {}) });
  useEffect(() => {
    if (asksNew) setParams({}, { replace: true });
  }, [asksNew, setParams]);

  const memberCards = useMemo(
    () => (memberFilter ? (board.data ?? []).filter((card) => card.responsibleId === memberFilter) : (board.data ?? [])),
    [board.data, memberFilter],
  );
  const visible = useMemo(() => memberCards.filter((card) => matches(card, search, stage)), [memberCards, search, stage]);
  const visibleArchived = useMemo(
    () => (archived.data ?? []).filter((card) => (!memberFilter || card.responsibleId === memberFilter) && matches(card, search, stage)),
    [archived.data, search, stage, memberFilter],
  );
  const filtered = search.trim() !== '' || stage !== 'all' || memberFilter !== '';

  // The card a dialog was opened from: closing (Esc, Cancelar, done) puts the keyboard back on it.
  const opener = useRef<number | null>(null);
  const onOpen = useCallback((card: PipelineCard) => {
    opener.current = card.id;
    setOpen(card.stage === 'closed' ? { kind: 'summary', card } : { kind: 'edit', card });
  }, []);
  const onAdd = useCallback((target: StageKey) => setOpen({ kind: 'new', stage: target }), []);
  // ?card=<id> (the top bar's search, the ficha): the card opens once the board has it (state adjusted
  // while rendering, as ?novo=1); then the address forgets it.
  const askedCard = params.get('card');
  const [handledCard, setHandledCard] = useState<{ id: string; found: boolean } | null>(null);
  if (askedCard !== null && handledCard?.id !== askedCard && board.data) {
    const card = board.data.find((candidate) => String(candidate.id) === askedCard);
    setHandledCard({ id: askedCard, found: card !== undefined });
    if (card) setOpen(card.stage === 'closed' ? { kind: 'summary', card } : { kind: 'edit', card });
  }
  useEffect(() => {
    if (askedCard === null || handledCard?.id !== askedCard) return;
    if (!handledCard.found) notify.error('Negócio não encontrado no pipeline.', 'Ele pode ter sido arquivado ou emitido.');
    setParams({}, { replace: true });
  }, [askedCard, handledCard, notify, setParams]);
  const onDrop = useCallback(
    (card: PipelineCard, outcome: Exclude<DropOutcome, { kind: 'none' }>) => {
      if (outcome.kind === 'finalize') return setOpen({ kind: 'finalize', card });
      move.mutate(
        { card, stage: outcome.stage },
        {
          onError: (error) =>
            notify.error('Não foi possível mover o card.', apiErrorMessage(error, 'O card voltou para a coluna anterior.')),
        },
      );
    },
    [move, notify],
  );
  const close = useCallback(() => {
    setOpen(null);
    const id = opener.current;
    opener.current = null;
    // After the dialog has gone (its own focus handling runs as it unmounts).
    if (id !== null) requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-card-id="${id}"]`)?.focus());
  }, []);

  return (
    <>
      <PageHeader
        title="Pipeline de Vendas"
        subtitle="Gerencie seus leads e oportunidades"
        actions={
          <>
            <Button icon={showArchived ? <BoardRegular /> : <ArchiveRegular />} onClick={() => setShowArchived((value) => !value)}>
              {showArchived ? 'Ver Ativos' : 'Ver Arquivados'}
            </Button>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setOpen({ kind: 'new', stage: 'leads' })}>
              Novo Lead
            </Button>
          </>
        }
      />
      <SummaryCards cards={memberCards} />
      <div className={styles.toolbar} role="search">
        <SearchBox value={search} onChange={setSearch} placeholder="Buscar por nome ou email..." label="Buscar por nome ou email" />
        <Select
          aria-label="Filtrar por estágio"
          value={stage}
          onChange={(_event, data) => setStage(data.value === 'all' ? 'all' : (STAGE_KEYS.find((key) => key === data.value) ?? 'all'))}
        >
          <option value="all">Todos os status</option>
          {STAGES.map((candidate) => (
            <option key={candidate.key} value={candidate.key}>
              {stageLabel(candidate.key, names.data?.pipelineStages)}
            </option>
          ))}
        </Select>
        {members.filter}
      </div>
      {board.isLoading ? <Spinner className={styles.loading} label="Carregando pipeline..." /> : null}
      {board.isError ? (
        <Body1 as="p" className={styles.error}>
          Não foi possível carregar o pipeline. Recarregue a página.
        </Body1>
      ) : null}
      {showArchived ? (
        archived.isLoading ? (
          <Spinner className={styles.loading} label="Carregando arquivados..." />
        ) : (
          <ArchivedGrid cards={visibleArchived} filtered={filtered && (archived.data?.length ?? 0) > 0} names={names} />
        )
      ) : board.data ? (
        <Board cards={visible} stages={names.data?.pipelineStages} names={names} now={now} onOpen={onOpen} onAdd={onAdd} onDrop={onDrop} />
      ) : null}
      <Suspense fallback={null}>
        {open?.kind === 'new' ? <NewLeadDialog stage={open.stage} contactId={open.contactId} onClose={close} /> : null}
        {open?.kind === 'edit' ? (
          <EditLeadDialog
            card={open.card}
            now={now}
            onClose={close}
            onArchive={(card) => setOpen({ kind: 'archive', card })}
            onNextAction={(card) => setOpen({ kind: 'next-action', card })}
            onHistory={(card) => setOpen({ kind: 'history', card })}
            onMove={(card, target) => {
              const outcome = dropOutcome(card, target);
              setOpen(null);
              if (outcome.kind !== 'none') onDrop(card, outcome);
            }}
          />
        ) : null}
        {open?.kind === 'archive' ? <ArchiveDialog card={open.card} onClose={close} /> : null}
        {open?.kind === 'next-action' ? <NextActionDialog card={open.card} onClose={close} /> : null}
        {open?.kind === 'history' ? <TimelineDialog contact={open.card.contact} onClose={close} /> : null}
        {open?.kind === 'finalize' ? <FinalizeDialog card={open.card} onClose={close} /> : null}
        {open?.kind === 'summary' ? (
          <ClosedSummaryDialog card={open.card} onClose={close} onEdit={(card) => setOpen({ kind: 'finalize', card })} />
        ) : null}
      </Suspense>
    </>
  );
}
