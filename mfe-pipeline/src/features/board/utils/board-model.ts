import { STAGE_KEYS, idleState, saoPauloDay, wireToCents, type IdleLevel, type PipelineCard, type StageKey } from '@corretora/contracts';

/** What dropping a card on a column does: the same column nothing, Finalizado opens the finalize form (the card moves only when it is saved), any other column a stage change. */
export type DropOutcome = { kind: 'none' } | { kind: 'move'; stage: StageKey } | { kind: 'finalize' };

export function dropOutcome(card: Pick<PipelineCard, 'stage' | 'status'>, target: StageKey | null): DropOutcome {
  // Off every column, the same column, or a card that cannot move (issued; archived ones are not on the board).
  if (target === null || target === card.stage || card.status !== 'active') return { kind: 'none' };
  // Into Finalizado the card does not move: the finalize form opens, and finishing it moves the card.
  if (target === 'closed') return { kind: 'finalize' };
  return { kind: 'move', stage: target };
}

export function isStageKey(value: unknown): value is StageKey {
  return STAGE_KEYS.some((key) => key === value);
}

/** Search 'Buscar por nome ou email...' (case-insensitive, accents ignored) and the stage filter. */
export function matches(card: PipelineCard, search: string, stage: StageKey | 'all'): boolean {
  if (stage !== 'all' && card.stage !== stage) return false;
  const needle = fold(search.trim());
  if (!needle) return true;
  return fold(card.contact.name).includes(needle) || fold(card.contact.email ?? '').includes(needle);
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export type Columns = Record<StageKey, PipelineCard[]>;

/**
 * The cards of each column. A column whose cards are the same objects as before keeps its previous
 * array, so a move re-renders only the two columns it touches.
 */
export function groupByStage(cards: readonly PipelineCard[], previous?: Columns): Columns {
  const next: Columns = { leads: [], qualified: [], proposal: [], closed: [] };
  for (const card of cards) next[card.stage].push(card);
  if (!previous) return next;
  for (const key of STAGE_KEYS) {
    const before = previous[key];
    const after = next[key];
    if (before.length === after.length && before.every((card, index) => card === after[index])) next[key] = before;
  }
  return next;
}

/**
 * What a card is worth, in cents: the sale's total premium once it is finalized (and the policy's
 * once issued), else the annual premium the broker estimated; null when neither is known.
 */
export function cardPremium(card: PipelineCard): number | null {
  const sold = card.totalPremium === null ? null : wireToCents(card.totalPremium);
  return sold ?? card.contact.annualPremium;
}

/** Sum of the cards' premiums in cents (integers only). */
export function premiumSum(cards: readonly PipelineCard[]): number {
  return cards.reduce((sum, card) => sum + (cardPremium(card) ?? 0), 0);
}

/** The four summary cards: total, value of active cards (annual premiums), conversion = closed ÷ total with 1 decimal, closed. */
export function summary(cards: readonly PipelineCard[]) {
  const total = cards.length;
  const closed = cards.filter((card) => card.stage === 'closed').length;
  const conversion = total === 0 ? 0 : Math.round((closed * 1000) / total) / 10;
  return {
    total,
    valueCents: premiumSum(cards.filter((card) => card.status === 'active')),
    conversion: `${conversion.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`,
    closed,
  };
}

const DAY_MS = 86_400_000;

export function daysInStage(card: Pick<PipelineCard, 'stageEnteredAt'>, now: number): number {
  return Math.max(0, Math.floor((now - new Date(card.stageEnteredAt).getTime()) / DAY_MS));
}

/**
 * Going cold: the days since an active card's last activity against its stage's limit (amber on
 * the limit's day, red past it). An issued card is done: never cold.
 */
export function cardIdle(
  card: Pick<PipelineCard, 'lastActivityAt' | 'status'>,
  idleDays: number | null,
  now: number,
): { days: number; level: IdleLevel } {
  const state = idleState(card.lastActivityAt, idleDays, now);
  return card.status === 'active' ? state : { ...state, level: 'ok' };
}

/** The column header's count of cold cards: on the limit and past it. */
export function idleCounts(cards: readonly PipelineCard[], idleDays: number | null, now: number): Record<IdleLevel, number> {
  const counts: Record<IdleLevel, number> = { ok: 0, limit: 0, over: 0 };
  for (const card of cards) counts[cardIdle(card, idleDays, now).level] += 1;
  return counts;
}

/** 'Ligar em 27/11', '… (atrasada)' once its São Paulo day has passed, or 'sem próxima ação' (an open card only). */
export function nextActionLabel(
  card: Pick<PipelineCard, 'nextAction'>,
  typeLabel: (type: string) => string,
  now: number,
): { text: string; late: boolean } {
  if (!card.nextAction) return { text: 'sem próxima ação', late: false };
  const dueAt = new Date(card.nextAction.dueAt);
  const day = dueAt.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit' });
  const late = saoPauloDay(dueAt) < saoPauloDay(now);
  return { text: `${typeLabel(card.nextAction.type)} em ${day}${late ? ' (atrasada)' : ''}`, late };
}

export function daysLabel(days: number): string {
  if (days === 0) return 'Neste estágio desde hoje';
  return days === 1 ? 'Há 1 dia neste estágio' : `Há ${days} dias neste estágio`;
}
