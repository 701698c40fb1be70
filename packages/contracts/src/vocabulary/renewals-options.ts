/**
 * Renovações: the buckets a renewal falls in by the days left, why one is lost, and the auto
 * bonus class rule. Constants only (no valibot).
 */

/** D-90 (61–90 days left), D-60 (31–60), D-30 (16–30), D-15 (0–15), vencidas (past the end, still open). */
export const RENEWAL_BUCKETS = [
  { value: '90', label: 'D-90', from: 61, to: 90 },
  { value: '60', label: 'D-60', from: 31, to: 60 },
  { value: '30', label: 'D-30', from: 16, to: 30 },
  { value: '15', label: 'D-15', from: 0, to: 15 },
  { value: 'overdue', label: 'Vencidas', from: -100_000, to: -1 },
] as const;
export type RenewalBucket = (typeof RENEWAL_BUCKETS)[number]['value'];
/** Every active policy ending within this many days has a renewal item. */
export const RENEWAL_WINDOW_DAYS = 90;

export function renewalBucket(daysLeft: number): RenewalBucket {
  return RENEWAL_BUCKETS.find((bucket) => daysLeft >= bucket.from && daysLeft <= bucket.to)?.value ?? '90';
}

export const LOST_REASONS = [
  { value: 'preco', label: 'Preço' },
  { value: 'atendimento', label: 'Atendimento' },
  { value: 'trocou_de_corretor', label: 'Trocou de corretor' },
  { value: 'bem_vendido', label: 'Bem vendido' },
  { value: 'outro', label: 'Outro' },
] as const;
export type LostReason = (typeof LOST_REASONS)[number]['value'];

export const RENEWAL_OUTCOMES = ['renewed', 'lost'] as const;
export type RenewalOutcome = (typeof RENEWAL_OUTCOMES)[number];

/** Auto: renewed up to this many days after the end, the bonus class is kept (and gains one). */
export const BONUS_GRACE_DAYS = 30;
export const RENEWAL_NOTE_MAX = 500;
/** Renewals a page of the list holds. */
export const RENEWALS_PAGE_SIZE = 100;

/** What the broker will do next for a card or a renewal. */
export const NEXT_ACTION_TYPES = [
  { value: 'ligar', label: 'Ligar' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'email', label: 'E-mail' },
  { value: 'reuniao', label: 'Reunião' },
  { value: 'enviar_cotacao', label: 'Enviar cotação' },
] as const;
export type NextActionType = (typeof NEXT_ACTION_TYPES)[number]['value'];

/** What a task of Minhas tarefas (and the digest) is called: its next action, else what it waits for. */
export function taskLabel(task: {
  kind: 'card' | 'renewal' | 'policy' | 'task';
  type: NextActionType | null;
  fromPortal?: boolean;
}): string {
  if (task.type) return NEXT_ACTION_TYPES.find((type) => type.value === task.type)?.label ?? task.type;
  // What a client asked on the portal (#61) says so wherever a task is named (Minhas tarefas, the digest).
  if (task.kind === 'task') return task.fromPortal ? 'Pedido do cliente (portal)' : 'Tarefa';
  return task.kind === 'policy' ? 'Nº da seguradora' : 'Renovação sem próxima ação';
}

/** What the broker will do next about a card or a renewal, and when. */
export interface NextAction {
  dueAt: string;
  type: NextActionType;
  note: string | null;
}
