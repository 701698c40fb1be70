import * as v from 'valibot';
import { responsibleField } from '../team/responsible-field';
import { policyNumberField, policyNumberUpdateField, proposalNumberField } from './policy-numbers.schemas';
import { PolicyIssueSchema } from './finance.schemas';
import { participantsField } from './repasse.schemas';

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
