import * as v from 'valibot';
import { optionalText, required } from '../fields';
import { POLICY_TYPES, optionValues, type PolicyTypeValue } from '../options/broker-options';
import { formId, isId, optionalWireId, requiredCents, wireId, wireMoney, FINALIZE_MONEY_MAX_CENTS } from '../wire-fields';

/** Policy types: the products' policyType options (decisions.md: product → policy type). */
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
/** decisions.md: open → in_review → approved/denied → closed, and open → closed. Nothing else. */
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
const CLAIM_TYPE_VALUES = optionValues(CLAIM_TYPES);

export const DOCUMENT_CATEGORIES = [
  { value: 'policies', label: 'Apólices' },
  { value: 'claims', label: 'Sinistros' },
  { value: 'contracts', label: 'Contratos' },
  { value: 'forms', label: 'Formulários' },
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number]['value'];
export const DOCUMENT_CATEGORY_VALUES = optionValues(DOCUMENT_CATEGORIES);

const MB = 1024 * 1024;
/** decisions.md, file limits: enforced on the server by the type sniffed from the bytes. */
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

const CLAIM_AMOUNT_MESSAGE = 'Valor é obrigatório';
const CLAIM_DESCRIPTION_MAX = 2_000;

function claimEntries<Id extends v.GenericSchema<unknown, number>, OptionalId extends v.GenericSchema<unknown, number | null>>(
  id: (message: string) => Id,
  optionalId: (message: string) => OptionalId,
) {
  return {
    contactId: id('Cliente é obrigatório'),
    policyId: optionalId('Apólice inválida'),
    type: required(v.pipe(v.string('Tipo de sinistro é obrigatório'), v.picklist(CLAIM_TYPE_VALUES, 'Tipo de sinistro é obrigatório'))),
    description: optionalText(CLAIM_DESCRIPTION_MAX),
  };
}

/** An optional id picked in a <select> ('' is none). */
function optionalFormId(message: string) {
  return v.pipe(v.string(message), v.transform((value) => (value === '' ? null : Number(value))), v.check((value) => value === null || isId(value), message));
}

/** POST /api/claims and PATCH /api/claims/{id}: amount in reais on the wire ('1500.00'). */
export const ClaimInputSchema = v.object({
  ...claimEntries(wireId, optionalWireId),
  amount: wireMoney(CLAIM_AMOUNT_MESSAGE, 'Valor não pode ser negativo'),
});
export type ClaimInput = v.InferOutput<typeof ClaimInputSchema>;

/** The claim dialog: select text for the ids, integer cents for the amount. */
export const ClaimFormSchema = v.object({
  ...claimEntries(formId, optionalFormId),
  amount: requiredCents(CLAIM_AMOUNT_MESSAGE, FINALIZE_MONEY_MAX_CENTS, 'Valor acima do limite permitido'),
});

/** POST /api/claims/{id}/status */
export const ClaimStatusSchema = v.object({ status: required(v.picklist(CLAIM_STATUSES, 'Status inválido')) });

const policyNumberField = v.optional(
  v.pipe(
    v.nullable(v.pipe(v.string('Número da apólice inválido'), v.trim(), v.maxLength(40, 'Número da apólice deve ter no máximo 40 caracteres'))),
    v.transform((value) => (value ? value : null)),
    v.check((value) => value === null || /^[\p{L}\p{N}./-]+$/u.test(value), 'Número da apólice deve ter apenas letras, números, ponto, barra ou hífen'),
  ),
  null,
);

/** confirm-issuance without finalize fields: optionally the insurer's policy number. */
export const IssueSchema = v.object({ policyNumber: policyNumberField });

/** What the pipeline service sends the finance service to issue a finalized card's policy. */
export const PolicyIssueSchema = v.object({
  cardId: wireId('Card inválido'),
  contactId: wireId('Contato inválido'),
  contactName: required(v.pipe(v.string(), v.trim(), v.nonEmpty('Contato inválido'), v.maxLength(100))),
  type: required(v.picklist(POLICY_TYPE_VALUES, 'Tipo de apólice inválido')),
  premium: wireMoney('Prêmio é obrigatório', 'Prêmio não pode ser negativo', 9_999_999_999),
  startDate: required(v.pipe(v.string(), v.isoDate('Data inválida'))),
  renewalDate: required(v.pipe(v.string(), v.isoDate('Data inválida'))),
  insurerId: optionalWireId('Seguradora inválida'),
  commissionPercentage: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^\d{1,2}(\.\d{1,2})?$/, 'Comissão inválida'))), null),
  commissionAmount: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^\d{1,10}(\.\d{1,2})?$/, 'Comissão inválida'))), null),
  policyNumber: policyNumberField,
});
export type PolicyIssueInput = v.InferOutput<typeof PolicyIssueSchema>;

const ALL = 'all' as const;

/** GET /api/policies?type&status&renewal: filters applied by the server ('all' or absent: no filter). */
export const PolicyQuerySchema = v.object({
  type: v.optional(v.picklist([ALL, ...POLICY_TYPE_VALUES], 'Tipo de apólice inválido'), ALL),
  status: v.optional(v.picklist([ALL, ...POLICY_STATUSES], 'Status inválido'), ALL),
  renewal: v.optional(
    v.pipe(v.picklist(['30', '60', '90'], 'Período de renovação deve ser 30, 60 ou 90 dias'), v.transform(Number)),
  ),
});
export type PolicyQuery = v.InferOutput<typeof PolicyQuerySchema>;

/** GET /api/claims?status */
export const ClaimQuerySchema = v.object({
  status: v.optional(v.picklist([ALL, ...CLAIM_STATUSES], 'Status inválido'), ALL),
});

/** GET /api/commissions?type&months (decisions.md, commissions query). */
export const COMMISSION_PERIODS = [6, 12, 24] as const;
export const CommissionsQuerySchema = v.object({
  type: v.optional(v.picklist([ALL, ...POLICY_TYPE_VALUES], 'Tipo de apólice inválido'), ALL),
  months: v.optional(v.pipe(v.picklist(['6', '12', '24'], 'Período deve ser 6, 12 ou 24 meses'), v.transform(Number)), '12'),
});

/** The text fields beside a document's file (multipart). */
export const DocumentFieldsSchema = v.object({
  category: required(v.picklist(DOCUMENT_CATEGORY_VALUES, 'Categoria é obrigatória')),
  description: optionalText(500),
  contactId: optionalWireId('Cliente inválido'),
  cardId: optionalWireId('Card inválido'),
});
