import * as v from 'valibot';
import { isValidCnpj, normalizeCnpj } from '../br/cnpj';
import { isValidCpf, normalizeCpf } from '../br/cpf';

/**
 * POST /internal/pipeline/{userId}/contacts/by-document: the broker's contacts holding these
 * CPFs/CNPJs (digits, or the alphanumeric CNPJ), for a statement line known by its client only.
 */
export const ContactsByDocumentSchema = v.object({
  documents: v.pipe(v.array(v.pipe(v.string(), v.regex(/^(\d{11}|[0-9A-Z]{12}\d{2})$/, 'CPF/CNPJ inválido.'))), v.maxLength(2_000)),
});
export type ContactsByDocumentInput = v.InferOutput<typeof ContactsByDocumentSchema>;

const CLAIM_DOCUMENT = 'Informe o CPF ou o CNPJ do cliente';
const document = (isValid: (value: string) => boolean, normalize: (value: string) => string, message: string) =>
  v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string(message), v.trim())),
      v.check((value) => !value || isValid(value), message),
      v.transform((value) => (value ? normalize(value) : null)),
    ),
    null,
  );

/**
 * POST /api/contacts/claims: a producer asks for a colleague's client they tried to
 * create, named by its CPF or CNPJ; the owner gets a task to decide. Nothing about the client is answered.
 */
export const ClientClaimSchema = v.pipe(
  v.object({
    cpf: document(isValidCpf, normalizeCpf, 'CPF inválido'),
    cnpj: document(isValidCnpj, normalizeCnpj, 'CNPJ inválido'),
  }),
  v.forward(
    v.partialCheck([['cpf'], ['cnpj']], (input) => input.cpf !== null || input.cnpj !== null, CLAIM_DOCUMENT),
    ['cpf'],
  ),
);
export type ClientClaimInput = v.InferOutput<typeof ClientClaimSchema>;
