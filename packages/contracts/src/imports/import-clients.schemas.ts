import * as v from 'valibot';
import { bodyId } from '../wire-fields';
import type { ContactKind, ContactType } from '../vocabulary/pipeline-options';

/**
 * The clients of a policies import: finance runs the import and owns its policies; the
 * contacts it finds, creates or makes clients of are the pipeline's, through these internal calls.
 */

/** A contact as a policies import finds its clients: by CPF/CNPJ, else by name. */
export interface ImportClient {
  id: number;
  name: string;
  cpf: string | null;
  cnpj: string | null;
  type: ContactType;
  kind: ContactKind;
}

const DOCUMENT = /^(\d{11}|[0-9A-Z]{12}\d{2})$/;
const importIdOf = bodyId('Importação inválida.');

/** POST /internal/pipeline/{userId}/import-clients: the clients a batch creates, and the prospects it makes clients. */
export const ImportClientsPlaceSchema = v.object({
  importId: importIdOf,
  /** Whom the created contacts are given to (the import's assignee, else its importer). */
  responsibleId: v.pipe(v.string('Membro inválido'), v.uuid('Membro inválido')),
  create: v.pipe(
    v.array(
      v.object({
        name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
        cpf: v.nullable(v.pipe(v.string(), v.regex(DOCUMENT, 'CPF inválido.'))),
        cnpj: v.nullable(v.pipe(v.string(), v.regex(DOCUMENT, 'CNPJ inválido.'))),
        /** The member its row names (the sheet's Responsável); absent or null: responsibleId above. */
        responsibleId: v.optional(v.nullable(v.pipe(v.string('Membro inválido'), v.uuid('Membro inválido'))), null),
      }),
    ),
    v.maxLength(250),
  ),
  promote: v.pipe(v.array(bodyId('Contato inválido.')), v.maxLength(250)),
});
export type ImportClientsPlaceInput = v.InferOutput<typeof ImportClientsPlaceSchema>;

/** POST /internal/pipeline/{userId}/import-clients/undo: what an import did to each client, and who still holds a policy. */
export const ImportClientsUndoSchema = v.object({
  /** The import's ids: its own and, for one handed over from the pipeline, the one its contacts were created under. */
  importIds: v.pipe(v.array(importIdOf), v.minLength(1), v.maxLength(2)),
  rows: v.pipe(
    v.array(
      v.object({
        line: v.pipe(v.number(), v.integer(), v.minValue(1)),
        contactId: bodyId('Contato inválido.'),
        appliedAt: v.pipe(v.string(), v.isoTimestamp()),
        created: v.boolean(),
        wasProspect: v.boolean(),
      }),
    ),
    v.maxLength(2_000),
  ),
  /** Contacts that hold a policy after the undo: never removed, never made prospects again. */
  holders: v.pipe(v.array(bodyId('Contato inválido.')), v.maxLength(2_000)),
});
export type ImportClientsUndoInput = v.InferOutput<typeof ImportClientsUndoSchema>;
