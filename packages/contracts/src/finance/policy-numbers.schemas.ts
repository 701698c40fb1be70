import * as v from 'valibot';
import { responsibleField } from '../team/responsible-field';
import { participantsField } from './repasse.schemas';

/**
 * The insurer's policy number and the proposal's (#34 item 1): what issuing and PATCH
 * /api/policies/{id} take. A file of its own, so a form that checks a number does not carry every
 * finance schema.
 */
const PROVISIONAL = 'PROV-';
const PROVISIONAL_MESSAGE = 'Números começando com PROV- são os provisórios do sistema: informe o número da seguradora';

/** The insurer's number as typed at issuance: optional (blank: the policy awaits it). */
export const policyNumberField = v.optional(
  v.pipe(
    v.nullable(
      v.pipe(v.string('Número da apólice inválido'), v.trim(), v.maxLength(40, 'Número da apólice deve ter no máximo 40 caracteres')),
    ),
    v.transform((value) => (value ? value : null)),
    v.check(
      (value) => value === null || /^[\p{L}\p{N}./-]+$/u.test(value),
      'Número da apólice deve ter apenas letras, números, ponto, barra ou hífen',
    ),
    v.check((value) => value === null || !value.toUpperCase().startsWith(PROVISIONAL), PROVISIONAL_MESSAGE),
  ),
  null,
);

/**
 * confirm-issuance without finalize fields: optionally the insurer's policy number and who its
 * commission is split between (owners and admins; absent: the responsible member, 100 %).
 */
export const IssueSchema = v.object({ policyNumber: policyNumberField, participants: v.optional(participantsField) });
export type IssueInput = v.InferOutput<typeof IssueSchema>;

/** PATCH /api/policies/{id}: the insurer's numbers, at any time (a field left out stays as it is). */
export const PolicyNumbersSchema = v.pipe(
  v.object({
    policyNumber: v.optional(
      v.pipe(
        v.string('Informe o número da apólice'),
        v.trim(),
        v.nonEmpty('Informe o número da apólice'),
        v.maxLength(40, 'Número da apólice deve ter no máximo 40 caracteres'),
        v.regex(/^[\p{L}\p{N}./-]+$/u, 'Número da apólice deve ter apenas letras, números, ponto, barra ou hífen'),
        v.check((value) => !value.toUpperCase().startsWith(PROVISIONAL), PROVISIONAL_MESSAGE),
      ),
    ),
    proposalNumber: v.optional(
      v.pipe(
        v.nullable(
          v.pipe(
            v.string('Número da proposta inválido'),
            v.trim(),
            v.maxLength(40, 'Número da proposta deve ter no máximo 40 caracteres'),
            v.regex(/^[\p{L}\p{N}./-]*$/u, 'Número da proposta deve ter apenas letras, números, ponto, barra ou hífen'),
          ),
        ),
        v.transform((value) => (value ? value : null)),
      ),
    ),
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
