import * as v from 'valibot';
import { responsibleField } from '../vocabulary/responsible-field';
import { policyNumberField, policyNumberUpdateField, proposalNumberField } from './policy-numbers.schemas';
import { participantsField } from './repasse.schemas';
import { LINE_KEYS, type LineKey } from '../vocabulary/lines';
import { optionalInsuredItem, type InsuredItem } from '../vocabulary/insured-item';
import { required } from '../fields';
import { optionalWireId, optionalWireMoney, wireDate, wireId, wireMoney } from '../wire-fields';
import { POLICY_TYPE_VALUES, type PolicyStatus, type PolicyType } from '../vocabulary/finance-options';

/*
 * A policy on the wire: what the API answers, what issuing a card's policy sends and what a
 * change of its numbers sends. Its money is declared with its labels once (POLICY_FIGURES).
 */

/** A policy as the API answers it; money as '1248.00' (decimal(10,2) travels as a string in reais with two decimals, never a float). */
export interface Policy {
  id: number;
  /** The insurer's number; while `awaitingNumber`, a provisional PROV-<year>-<6 digits>. */
  policyNumber: string;
  /** Issued without the insurer's number: the screens say 'Aguardando nº da seguradora'. */
  awaitingNumber: boolean;
  /** The proposal's number, when the broker recorded it. */
  proposalNumber: string | null;
  contactId: number | null;
  contactName: string;
  /** The member of the brokerage responsible for the policy (a producer sees only their own). */
  responsibleId: string;
  /** The old type, derived from the line (the wire of before lines). */
  type: PolicyType;
  /** Its line (ramo), a key of lines.ts. */
  line: LineKey;
  premium: string;
  /** The prêmio líquido ('1000.00'), what commission is paid on; null when unknown (commission then on the total). */
  netPremium: string | null;
  /** How its instalments are paid ('boleto', 'cartao', …); null when not informed. */
  paymentMethod: string | null;
  /** `expired` once the renewal date has passed, whatever is stored. */
  status: PolicyStatus;
  startDate: string | null;
  renewalDate: string;
  commissionType: 'percentage' | 'fixed';
  commissionValue: string;
  insurerId: number | null;
  cardId: number | null;
  createdAt: string;
  /** When the broker cancelled it; null while it is not cancelled (or was imported cancelled). */
  cancelledOn: string | null;
  /** The share of its commission its insurer's scale takes back for that month ('75.00'), and that amount. */
  chargebackPercent: string | null;
  chargebackExpected: string | null;
  /** What it insures (the vehicle, the property, the persons), from its deal or its import. */
  insuredItem: InsuredItem | null;
  /** The quote its deal was closed with, if it was. */
  quoteId: number | null;
}

/** A policy's money as every screen and export names it, in the order they show it. */
export const POLICY_FIGURES = [
  { field: 'premium', label: 'Prêmio total' },
  { field: 'netPremium', label: 'Prêmio líquido' },
] as const satisfies readonly { field: keyof Policy; label: string }[];

/** What the pipeline service sends the finance service to issue a finalized card's policy. */
export const PolicyIssueSchema = v.object({
  cardId: wireId('Card inválido'),
  contactId: wireId('Contato inválido'),
  contactName: required(v.pipe(v.string(), v.trim(), v.nonEmpty('Contato inválido'), v.maxLength(100))),
  type: required(v.picklist(POLICY_TYPE_VALUES, 'Tipo de apólice inválido')),
  /** The product's line; a pipeline of before lines sends only the type (its line is taken). */
  line: v.optional(v.picklist(LINE_KEYS, 'Ramo inválido')),
  premium: wireMoney('Prêmio é obrigatório', 'Prêmio não pode ser negativo', 9_999_999_999),
  /** The prêmio líquido (before IOF and juros): what commission is paid on. */
  netPremium: v.optional(optionalWireMoney('Prêmio líquido não pode ser negativo', 9_999_999_999), null),
  startDate: required(wireDate('Data inválida')),
  renewalDate: required(wireDate('Data inválida')),
  insurerId: optionalWireId('Seguradora inválida'),
  commissionPercentage: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^\d{1,2}(\.\d{1,2})?$/, 'Comissão inválida'))), null),
  commissionAmount: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^\d{1,10}(\.\d{1,2})?$/, 'Comissão inválida'))), null),
  policyNumber: policyNumberField,
  /** The card's responsible member: the policy is theirs, whoever issues it. */
  responsibleId: v.optional(v.nullable(v.pipe(v.string('Membro inválido'), v.uuid('Membro inválido'))), null),
  /** The quote the deal was closed with ("Fechar com esta cotação"), and what the deal insures. */
  quoteId: optionalWireId('Cotação inválida'),
  insuredItem: optionalInsuredItem,
});

/**
 * confirm-issuance without finalize fields: optionally the insurer's policy number and who its
 * commission is split between (owners and admins; absent: the responsible member, 100 %).
 */
export const IssueSchema = v.object({ policyNumber: policyNumberField, participants: v.optional(participantsField) });

/** PATCH /api/policies/{id}: the insurer's numbers, the responsible member, the split (a field left out stays as it is). */
export const PolicyNumbersSchema = v.pipe(
  v.object({
    policyNumber: policyNumberUpdateField,
    proposalNumber: proposalNumberField,
    /** Another member of the brokerage responsible for the policy (owners and admins). */
    responsibleId: responsibleField,
    /** Who its commission is split between (owners and admins); shares add up to 100 %. */
    participants: v.optional(participantsField),
  }),
  v.check(
    (input) =>
      input.policyNumber !== undefined ||
      input.proposalNumber !== undefined ||
      input.responsibleId !== undefined ||
      input.participants !== undefined,
    'Informe o número da apólice ou da proposta',
  ),
);
export type PolicyNumbersInput = v.InferOutput<typeof PolicyNumbersSchema>;

/**
 * POST /internal/finance/{userId}/policies/issue: the policy of a finalized card and, when the issuer
 * said, who its commission is split between (the pipeline checked the members). Here, not beside
 * PolicyIssueSchema, so that a page reading finance's schemas does not carry the repasse's.
 */
export const PolicyIssueBodySchema = v.object({ ...PolicyIssueSchema.entries, participants: v.optional(participantsField) });
export type PolicyIssueInput = v.InferOutput<typeof PolicyIssueBodySchema>;
