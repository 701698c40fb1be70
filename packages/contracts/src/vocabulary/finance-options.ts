import { POLICY_TYPES, optionValues, type PolicyTypeValue } from './broker-options';

/**
 * Finance's constants: statuses, labels, transitions, file limits. Apart from the schemas so that a
 * screen importing one does not pull every schema (and valibot) into its page.
 */
/** Policy types: the products' policyType options; a policy takes its product's, `business` when unset. */
export type PolicyType = PolicyTypeValue;
export const POLICY_TYPE_VALUES = optionValues(POLICY_TYPES);
export const POLICY_TYPE_LABELS = Object.fromEntries(POLICY_TYPES.map((type) => [type.value, type.label])) as Record<PolicyType, string>;

/** Stored statuses are active and cancelled; `expired` is what an active policy past its renewal date reads as. */
export const POLICY_STATUSES = ['active', 'expired', 'cancelled'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];
export const POLICY_STATUS_LABELS: Record<PolicyStatus, string> = { active: 'Ativa', expired: 'Expirada', cancelled: 'Cancelada' };
/** Renovações: the windows the policies screen filters by. */
export const RENEWAL_WINDOWS = [30, 60, 90] as const;

export const CLAIM_STATUSES = ['open', 'in_review', 'approved', 'denied', 'closed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  open: 'Aberto',
  in_review: 'Em Análise',
  approved: 'Aprovado',
  denied: 'Negado',
  closed: 'Fechado',
};
/** Claim transitions: open → in_review → approved/denied → closed, and open → closed. Nothing else. */
export const CLAIM_TRANSITIONS: Record<ClaimStatus, readonly ClaimStatus[]> = {
  open: ['in_review', 'closed'],
  in_review: ['approved', 'denied'],
  approved: ['closed'],
  denied: ['closed'],
  closed: [],
};
/** Claims counted as active (the claims screen's count, the dashboard's open claims). */
export const ACTIVE_CLAIM_STATUSES: readonly ClaimStatus[] = ['open', 'in_review'];

export const CLAIM_TYPES = [
  { value: 'colisao', label: 'Colisão' },
  { value: 'roubo_furto', label: 'Roubo ou furto' },
  { value: 'incendio', label: 'Incêndio' },
  { value: 'danos_eletricos', label: 'Danos elétricos' },
  { value: 'alagamento', label: 'Alagamento' },
  { value: 'vidros', label: 'Vidros' },
  { value: 'saude', label: 'Saúde' },
  { value: 'vida', label: 'Vida' },
  { value: 'outro', label: 'Outro' },
] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number]['value'];
export const CLAIM_TYPE_VALUES = optionValues(CLAIM_TYPES);

export const DOCUMENT_CATEGORIES = [
  { value: 'policies', label: 'Apólices' },
  { value: 'claims', label: 'Sinistros' },
  { value: 'contracts', label: 'Contratos' },
  { value: 'forms', label: 'Formulários' },
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number]['value'];
export const DOCUMENT_CATEGORY_VALUES = optionValues(DOCUMENT_CATEGORIES);

const MB = 1024 * 1024;
/** File limits (policy PDF 25 MB; documents 10 MB; 10 GB per account), enforced on the server by the type sniffed from the bytes. */
export const DOCUMENT_MAX_BYTES = 10 * MB;
export const POLICY_PDF_MAX_BYTES = 25 * MB;
export const STORAGE_QUOTA_BYTES = 10 * 1024 * MB;
export const DOCUMENT_MIME_TYPES = {
  'application/pdf': 'PDF',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
} as const;
/** What the file chooser offers (the server decides by the bytes, whatever the name says). */
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx';

/** Comissões: the projection windows, in months. */
export const COMMISSION_PERIODS = [6, 12, 24] as const;

/** How a policy's premium is paid, as brokers name it. */
export const PAYMENT_METHODS = [
  { value: 'boleto', label: 'Boleto' },
  { value: 'cartao', label: 'Cartão de crédito' },
  { value: 'debito', label: 'Débito em conta' },
  { value: 'pix', label: 'Pix' },
  { value: 'carne', label: 'Carnê' },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];
/** At most 12 instalments (à vista is 1). */
export const MAX_INSTALMENTS = 12;
