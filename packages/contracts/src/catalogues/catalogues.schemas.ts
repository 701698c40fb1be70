import * as v from 'valibot';
import { isActiveField, optionalChoice, optionalEmail, optionalText, optionalWebsite, requiredChoice, requiredText } from '../fields';
import { POLICY_TYPES, optionValues } from '../vocabulary/broker-options';
import { LINE_KEYS, LINE_OF_POLICY_TYPE, parseLine, type LineKey } from '../vocabulary/lines';
import { centsToWire } from '../br/money';
import { optionalCents, optionalWireMoney } from '../wire-fields';
import { IOF_RATE_MAX_HUNDREDTHS } from './iof';
import { optionalQueryId } from '../vocabulary/query-fields';
import type { PolicyType } from '../vocabulary/finance-options';
import { STAGE_KEYS, type StageKey } from '../vocabulary/pipeline-options';

const NAME_MESSAGE = 'Nome é obrigatório';

export const IOF_RATE_MESSAGE = 'A alíquota de IOF deve estar entre 0 e 25%';

const LINE_MESSAGE = 'Selecione o ramo';

const productEntries = {
  name: requiredText(NAME_MESSAGE, 100),
  description: optionalText(500),
  /**
   * Its line (ramo), a key of lines.ts. A create without it takes its old policy type's line, else the
   * line its name says (as the lines migration did), else empresarial: the spec's body (name,
   * isActive, description) is never refused for lacking it (decisions.md, Product → policy type).
   */
  line: v.optional(v.picklist(LINE_KEYS, 'Ramo inválido')),
  /** The old policy type, still taken from clients built on it; stored as its line. */
  policyType: optionalChoice(optionValues(POLICY_TYPES), 'Tipo de apólice inválido'),
  /** The product's own IOF rate on the wire ('2.38', percent), hundredths after parsing; null: its line's. */
  iofRate: optionalWireMoney(IOF_RATE_MESSAGE, IOF_RATE_MAX_HUNDREDTHS),
};

const insurerEntries = {
  name: requiredText(NAME_MESSAGE, 100),
  contactInfo: optionalText(200),
  manager: optionalText(100),
  email: optionalEmail(),
  // The portal password is kept as typed (no trim): it is a secret, not a label.
  password: v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string('Senha inválida'), v.maxLength(200, 'Máximo de 200 caracteres'))),
      v.transform((value) => (value ? value : null)),
    ),
    null,
  ),
  website: optionalWebsite(200),
};

const leadSourceEntries = {
  name: requiredText(NAME_MESSAGE, 100),
  description: optionalText(500),
};

const withActive = { isActive: v.optional(isActiveField, true) };
const NOTHING_TO_UPDATE = 'Nenhum campo para atualizar';

/** PATCH bodies: only the fields that changed (the switch sends just {isActive}). */
function updateSchema<T extends v.ObjectEntries>(entries: T) {
  return v.pipe(
    v.partial(v.object({ ...entries, isActive: isActiveField })),
    v.check((input) => Object.values(input).some((value) => value !== undefined), NOTHING_TO_UPDATE),
  );
}

/** The line a body names: its own, else its old policy type's; the type itself is not stored. */
function withLine<T extends { line?: LineKey; policyType?: PolicyType | null }>({ policyType, ...input }: T): Omit<T, 'policyType'> {
  const line = input.line ?? (policyType ? LINE_OF_POLICY_TYPE[policyType] : undefined);
  return line ? { ...input, line } : input;
}

export const ProductCreateSchema = v.pipe(
  v.object({ ...productEntries, ...withActive }),
  v.transform(withLine),
  v.transform((input) => ({ ...input, line: input.line ?? parseLine(input.name) ?? 'empresarial' })),
);
/**
 * The product dialog: the rate is typed in a percent field (hundredths) and leaves as the wire's
 * string, so what the dialog submits is the request body ProductCreateSchema reads.
 */
export const ProductFormSchema = v.object({
  name: productEntries.name,
  description: productEntries.description,
  line: requiredChoice(LINE_KEYS, LINE_MESSAGE),
  iofRate: v.pipe(
    optionalCents(IOF_RATE_MAX_HUNDREDTHS, IOF_RATE_MESSAGE),
    v.transform((hundredths) => (hundredths === null ? null : centsToWire(hundredths))),
  ),
  ...withActive,
});
export const ProductUpdateSchema = v.pipe(updateSchema(productEntries), v.transform(withLine));
export const InsurerCreateSchema = v.object({ ...insurerEntries, ...withActive });
export const InsurerUpdateSchema = updateSchema(insurerEntries);
export const LeadSourceCreateSchema = v.object({ ...leadSourceEntries, ...withActive });
export const LeadSourceUpdateSchema = updateSchema(leadSourceEntries);

export type ProductCreateInput = v.InferOutput<typeof ProductCreateSchema>;
export type ProductUpdateInput = v.InferOutput<typeof ProductUpdateSchema>;
export type InsurerCreateInput = v.InferOutput<typeof InsurerCreateSchema>;
export type InsurerUpdateInput = v.InferOutput<typeof InsurerUpdateSchema>;
export type LeadSourceCreateInput = v.InferOutput<typeof LeadSourceCreateSchema>;
export type LeadSourceUpdateInput = v.InferOutput<typeof LeadSourceUpdateSchema>;

/** GET /internal/catalogues/:userId/check: the catalogue ids a write names, each looked up in the broker's catalogues. */
export const CatalogueCheckQuerySchema = v.object({
  productId: optionalQueryId('Produto inválido'),
  leadSourceId: optionalQueryId('Origem inválida'),
  insurerId: optionalQueryId('Seguradora inválida'),
  stageId: optionalQueryId('Estágio inválido'),
  stageKey: v.optional(v.picklist(STAGE_KEYS, 'Estágio inválido')),
});
export type CatalogueCheckQuery = v.InferOutput<typeof CatalogueCheckQuerySchema>;

export interface CatalogueCheckAnswer {
  /** The query keys naming nothing of this broker's (another broker's id is exactly an unknown one). */
  missing: (keyof CatalogueCheckQuery)[];
  product?: { id: number; name: string; line: LineKey; policyType: PolicyType };
  leadSource?: { id: number; name: string };
  insurer?: { id: number; name: string };
  stage?: { id: number; key: StageKey; name: string };
}
