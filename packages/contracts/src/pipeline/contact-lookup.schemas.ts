import * as v from 'valibot';

/**
 * POST /internal/pipeline/{userId}/contacts/by-document: the broker's contacts holding these
 * CPFs/CNPJs (digits, or the alphanumeric CNPJ), for a statement line known by its client only.
 */
export const ContactsByDocumentSchema = v.object({
  documents: v.pipe(v.array(v.pipe(v.string(), v.regex(/^(\d{11}|[0-9A-Z]{12}\d{2})$/, 'CPF/CNPJ inválido.'))), v.maxLength(2_000)),
});
export type ContactsByDocumentInput = v.InferOutput<typeof ContactsByDocumentSchema>;
