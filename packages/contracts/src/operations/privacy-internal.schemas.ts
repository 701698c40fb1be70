import * as v from 'valibot';
import { bodyId } from '../wire-fields';
import { UserMailSchema } from '../auth/auth.schemas';

/** The contacts whose records finance exports or erases (at most a few: one subject's). */
export const PrivacyContactsSchema = v.object({
  contactIds: v.pipe(v.array(bodyId('Contato inválido')), v.maxLength(100, 'Contatos demais')),
  /** The São Paulo day the retention is counted from (the caller's clock). */
  today: v.pipe(v.string(), v.isoDate('Data inválida')),
  /** The subject's values (names, CPF, e-mail, phone): free text that mentions them is erased too. */
  terms: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(40)), []),
});

export const PrivacyMailSchema = v.object({
  ...UserMailSchema.entries,
  to: v.pipe(v.string('Informe o destinatário'), v.trim(), v.email('E-mail inválido'), v.maxLength(100)),
});
