/**
 * The pipeline's constants: values, labels and caps that screens show without validating anything.
 * They live apart from the schemas so that importing one does not pull every schema (and valibot)
 * into a page: the schemas' construction is top-level code a bundler cannot drop.
 */
/** The four stages of the board (leads Contato, qualified Negociação, proposal Fechamento, closed Finalizado), in order; the key travels as `stage`, the id as `stageId`. */
export const STAGE_KEYS = ['leads', 'qualified', 'proposal', 'closed'] as const;
export type StageKey = (typeof STAGE_KEYS)[number];

export const CONTACT_TYPES = ['individual', 'business', 'prospect'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
/** What the contacts screen offers to create and filter by (a prospect is created as a lead). */
export const CONTACT_TYPE_OPTIONS = [
  { value: 'individual', label: 'Pessoa Física' },
  { value: 'business', label: 'Empresarial' },
  { value: 'prospect', label: 'Prospecto' },
] as const satisfies readonly { value: ContactType; label: string }[];

/** What a contact is: pessoa física or jurídica, apart from where it stands (prospect or client). */
export const CONTACT_KINDS = ['pf', 'pj'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];
export const CONTACT_KIND_LABELS: Record<ContactKind, string> = { pf: 'Pessoa física', pj: 'Pessoa jurídica' };
/** Where a contact stands: a prospect (created as a lead) or a client. */
export const CONTACT_STATUSES = ['prospect', 'client'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = { prospect: 'Prospecto', client: 'Cliente' };

export const DOCUMENT_TYPES = [
  { value: 'orcamento', label: 'Orçamento' },
  { value: 'proposta', label: 'Proposta' },
  { value: 'apolice', label: 'Apólice' },
] as const;
export type DocumentTypeValue = (typeof DOCUMENT_TYPES)[number]['value'];

/** Section 9 caps, in cents (hundredths for the percentage). */
export const ANNUAL_PREMIUM_MAX_CENTS = 100_000_000;
/** numeric(10,2): the largest total premium a card can hold. */
export const TOTAL_PREMIUM_MAX_CENTS = 9_999_999_999;
export const COMMISSION_PERCENT_MAX_HUNDREDTHS = 9_999;
/** A card untouched in its stage for longer than this is going cold. */
export const STALE_AFTER_DAYS = 7;
export const NOTE_MAX_LENGTH = 2_000;
