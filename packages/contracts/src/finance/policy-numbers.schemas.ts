import * as v from 'valibot';

/**
 * The insurer's policy number and the proposal's, as issuing and PATCH
 * /api/policies/{id} take them (their whole bodies: policy.schemas.ts). A file of its own,
 * so a form that checks a number carries neither every finance schema nor the repasse's.
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

/** The number Confirmar emissão checks as it is typed (the body, split included: IssueSchema). */
export const IssueNumberSchema = v.object({ policyNumber: policyNumberField });

/** PATCH /api/policies/{id}'s number: required when sent, never a provisional one. */
export const policyNumberUpdateField = v.optional(
  v.pipe(
    v.string('Informe o número da apólice'),
    v.trim(),
    v.nonEmpty('Informe o número da apólice'),
    v.maxLength(40, 'Número da apólice deve ter no máximo 40 caracteres'),
    v.regex(/^[\p{L}\p{N}./-]+$/u, 'Número da apólice deve ter apenas letras, números, ponto, barra ou hífen'),
    v.check((value) => !value.toUpperCase().startsWith(PROVISIONAL), PROVISIONAL_MESSAGE),
  ),
);

/** The proposal's number: blank clears it. */
export const proposalNumberField = v.optional(
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
);
