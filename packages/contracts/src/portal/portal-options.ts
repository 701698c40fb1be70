/** The client portal's fixed figures and words (issue #61). */

/** Every operation of a portal's client lives under it: their cookie goes there only, and their 401 is not a member's. */
export const CLIENT_API_PREFIX = '/api/portal/';
export const PORTAL_CODE_LENGTH = 6;
/** A code lives this long. */
export const PORTAL_CODE_MINUTES = 10;
/** Wrong codes allowed before the document pauses. */
export const PORTAL_CODE_TRIES = 5;
/** How long a document pauses after too many wrong codes. */
export const PORTAL_PAUSE_MINUTES = 15;
/** Codes a document may ask for in an hour. */
export const PORTAL_CODES_PER_HOUR = 5;
/** A client's session ends after this long unused. */
export const PORTAL_IDLE_MINUTES = 30;
/** A photo of a claim, at most. */
export const PORTAL_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PORTAL_TEXT_MAX = 2_000;

/** What the answer to a code request always says, client or not. */
export const PORTAL_CODE_SENT = 'Se você for cliente, enviamos um código.';
export const PORTAL_WRONG_CODE = 'Código inválido ou expirado. Confira o código ou peça outro.';
export const PORTAL_PAUSED = 'Muitas tentativas. Por segurança, aguarde 15 minutos e peça um novo código.';
export const PORTAL_CLOSED = 'Portal do cliente não encontrado.';
export const PORTAL_SIGNED_OUT = 'Sua sessão no portal terminou. Entre novamente.';

/** Pedir alteração: what the client may ask to change. */
export const PORTAL_REQUEST_KINDS = ['address', 'vehicle', 'driver', 'cancel', 'other'] as const;
export type PortalRequestKind = (typeof PORTAL_REQUEST_KINDS)[number];
export const PORTAL_REQUEST_LABELS: Record<PortalRequestKind, string> = {
  address: 'Novo endereço',
  vehicle: 'Troca de veículo',
  driver: 'Novo condutor',
  cancel: 'Cancelamento',
  other: 'Outra alteração',
};

/** How the client sees an instalment (their payment, not the broker's commission). */
export const PORTAL_INSTALMENT_STATES = ['paid', 'open', 'overdue'] as const;
export type PortalInstalmentState = (typeof PORTAL_INSTALMENT_STATES)[number];
export const PORTAL_INSTALMENT_LABELS: Record<PortalInstalmentState, string> = { paid: 'Paga', open: 'Em aberto', overdue: 'Vencida' };
