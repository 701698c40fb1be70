import * as v from 'valibot';
import { responsibleField } from '../vocabulary/responsible-field';
import { isValidCep, normalizeCep } from '../br/cep';
import { parseBrazilianPhone } from '../br/phone';
import { maxLengthMessage, optionalEmail, optionalText } from '../fields';
import { bodyId } from '../wire-fields';
import { STATE_CODES } from '../vocabulary/broker-options';
import { NOTE_MAX_LENGTH } from '../vocabulary/pipeline-options';
import { CONTACT_RECORD_FIELDS, IMPORT_KINDS, IMPORT_MODES, IMPORT_OUTCOMES, IMPORT_ROWS_PAGE_MAX } from './import-options';
import { STATEMENT_LINE_TYPES, type StatementLineType } from '../vocabulary/statement-lines';
import { DOCUMENT_MESSAGE, MONEY_MESSAGE, optionalCell, parseDocument, parseSheetDate, parseSheetMoney } from './import-values';
import { comparableName } from '../br/text';

/** The text fields beside an import's file: its kind and, for an XLSX, the sheet (the first by default). */
const SHEET = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, maxLengthMessage(100))));
export const ImportFieldsSchema = v.object({
  kind: v.picklist(
    IMPORT_KINDS.filter((kind) => kind !== 'statement'),
    "Tipo de importação inválido: use 'contacts' ou 'policies' (extratos: /api/statements).",
  ),
  sheet: SHEET,
});

/** The text fields beside a statement's file: the insurer that sent it and, for an XLSX, the sheet. */
export const StatementFieldsSchema = v.object({
  insurerId: v.pipe(
    v.string('Selecione a seguradora do extrato.'),
    v.trim(),
    v.regex(/^[1-9]\d{0,8}$/, 'Selecione a seguradora do extrato.'),
    v.transform(Number),
  ),
  sheet: SHEET,
});

const HEADER = v.pipe(v.string('Coluna inválida.'), v.maxLength(200, 'Coluna inválida.'));

/** PUT /api/imports/{id}/mapping: field -> header (a field left out is not imported), and the mode. */
/** POST /api/imports/{id}/commit: whom the imported records are given to (owners and admins; none: the importer). */
export const ImportCommitSchema = v.object({ responsibleId: responsibleField });
export type ImportCommitInput = v.InferOutput<typeof ImportCommitSchema>;

export const ImportMappingSchema = v.object({
  mapping: v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(40)), v.nullable(HEADER), 'Mapeamento inválido.'),
    v.check((mapping) => Object.keys(mapping).length <= 40, 'Mapeamento inválido.'),
  ),
  mode: v.optional(v.picklist(IMPORT_MODES, "Modo inválido: use 'create', 'upsert' ou 'update'."), 'upsert'),
  /** A policies import: insurer names of the file the broker maps to one of their insurers (name -> insurer id). */
  insurers: v.optional(
    v.pipe(
      v.record(v.pipe(v.string(), v.maxLength(100)), bodyId('Seguradora inválida.')),
      v.check((names) => Object.keys(names).length <= 500, 'Seguradoras demais no mapeamento.'),
    ),
    {},
  ),
});

const pageNumber = (max: number, fallback: number) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'Use um número inteiro.'), v.transform(Number), v.maxValue(max, `No máximo ${max}.`)),
    String(fallback),
  );

/** GET /api/imports/{id}: a page of its rows, optionally of one outcome. */
export const ImportRowsQuerySchema = v.object({
  offset: pageNumber(1_000_000, 0),
  limit: pageNumber(IMPORT_ROWS_PAGE_MAX, 100),
  outcome: v.optional(v.picklist(IMPORT_OUTCOMES, 'Resultado inválido.')),
});

/** POST /api/contacts/{id}/merge: the other contact, and which of the two gives each field. */
export const ContactMergeSchema = v.object({
  otherId: bodyId('Contato inválido.'),
  keep: v.optional(
    v.record(v.picklist(CONTACT_RECORD_FIELDS, 'Campo inválido.'), v.picklist(['this', 'other'], "Use 'this' ou 'other'.")),
    {},
  ),
});

const PHONE_MESSAGE = 'Telefone inválido: use DDD e número, ex.: (11) 98765-4321';

const TYPE_WORDS: [RegExp, 'individual' | 'business' | 'prospect'][] = [
  [/^(pf|pessoa fisica|fisica|individual|cpf)$/, 'individual'],
  [/^(pj|pessoa juridica|juridica|empresa|empresarial|business|cnpj)$/, 'business'],
  [/^(prospecto|prospect|lead|potencial)$/, 'prospect'],
];

/** 'PF', 'Pessoa Física', 'PJ', 'Empresa', 'Prospecto'… as a contact type. */
export function parseContactType(text: string): 'individual' | 'business' | 'prospect' | null {
  const word = comparableName(text);
  return TYPE_WORDS.find(([pattern]) => pattern.test(word))?.[1] ?? null;
}

/**
 * One spreadsheet row of contacts, its cells named by field (text as read): the same rules as the
 * contact forms (name 100, e-mail, CPF, notes), widened where a book is wider than a form (a CNPJ,
 * a landline, the address). What it reads is what the row stores.
 */
export const ContactImportRowSchema = v.pipe(
  v.object({
    /** A company's row may name it only by its razão social or nome fantasia. */
    name: optionalText(100),
    legalName: optionalText(150),
    tradeName: optionalText(100),
    contactPerson: optionalText(100),
    number: optionalText(20),
    complement: optionalText(100),
    district: optionalText(100),
    document: optionalCell(DOCUMENT_MESSAGE, parseDocument),
    email: optionalEmail(),
    phone: optionalCell(PHONE_MESSAGE, parseBrazilianPhone),
    birthDate: v.pipe(
      optionalCell('Data de nascimento inválida: use dd/mm/aaaa', (text) => parseSheetDate(text)),
      v.check(
        (date) => date === null || (date >= '1900-01-01' && date <= new Date().toISOString().slice(0, 10)),
        'Data de nascimento inválida',
      ),
    ),
    cep: optionalCell('CEP inválido: use 00000-000', (text) =>
      isValidCep(text.padStart(8, '0')) ? normalizeCep(text).padStart(8, '0') : null,
    ),
    address: optionalText(200),
    city: optionalText(100),
    state: optionalCell('UF inválida: use a sigla, ex.: SP', (text) => {
      const code = text.trim().toUpperCase();
      return (STATE_CODES as readonly string[]).includes(code) ? code : null;
    }),
    type: optionalCell('Tipo inválido: use Pessoa Física, Pessoa Jurídica ou Prospecto', parseContactType),
    leadSource: optionalText(100),
    product: optionalText(100),
    notes: optionalText(NOTE_MAX_LENGTH),
    /** A member of the team, by name or e-mail (the service finds them). */
    responsible: optionalText(254),
  }),
  v.forward(
    v.check((row) => row.name !== null || row.tradeName !== null || row.legalName !== null, 'Nome é obrigatório'),
    ['name'],
  ),
);

export type ImportFieldsInput = v.InferOutput<typeof ImportFieldsSchema>;
export type StatementFieldsInput = v.InferOutput<typeof StatementFieldsSchema>;
export type ImportMappingInput = v.InferOutput<typeof ImportMappingSchema>;
export type ImportRowsQuery = v.InferOutput<typeof ImportRowsQuerySchema>;
export type ContactMergeInput = v.InferOutput<typeof ContactMergeSchema>;
export type ContactImportRow = v.InferOutput<typeof ContactImportRowSchema>;

/** 'Comissão', 'Pagamento', 'Estorno', 'Cancelamento', 'Ajuste'… as a statement line's type. */
export function parseLineType(text: string): StatementLineType | null {
  const word = comparableName(text);
  if (/\b(estorno|estornada|cancelamento|cancelada|devolucao|chargeback|recuperacao)\b/.test(word)) return 'estorno';
  if (/\b(ajuste|acerto|correcao|diferenca)\b/.test(word)) return 'ajuste';
  if (/\b(comissao|comissoes|pagamento|credito|parcela|premio|normal)\b/.test(word)) return 'comissao';
  return (STATEMENT_LINE_TYPES as readonly string[]).includes(word) ? (word as StatementLineType) : null;
}

/** '1', '01', '1/12', '1 de 12' as the instalment's number. */
export function parseInstalmentNumber(text: string): number | null {
  const match = /^0*(\d{1,3})(\s*(\/|de)\s*\d{1,3})?$/i.exec(text.trim());
  const number = match ? Number(match[1]) : 0;
  return number >= 1 ? number : null;
}

const STATEMENT_MONEY_MAX_CENTS = 999_999_999;
const signedMoneyCell = (label: string) =>
  optionalCell(`${label}: ${MONEY_MESSAGE}`, (text) => {
    const cents = parseSheetMoney(text, true);
    return cents !== null && Math.abs(cents) <= STATEMENT_MONEY_MAX_CENTS ? cents : null;
  });

/**
 * One line of an insurer's statement, its cells named by field: the policy (number, endorsement,
 * instalment) or the client's CPF/CNPJ, the commission gross, withheld (ISS, IRRF) and net in
 * integer cents (negative for an estorno), the payment date and the line's type. A line without a
 * type is an estorno when its net is negative, else a commission.
 */
export const StatementLineRowSchema = v.pipe(
  v.object({
    policyNumber: v.pipe(
      optionalText(40),
      v.transform((text) => (text ? text.toUpperCase() : null)),
    ),
    endorsement: optionalText(20),
    instalment: optionalCell('Parcela inválida: use o número, ex.: 1 ou 1/12', parseInstalmentNumber),
    document: optionalCell(DOCUMENT_MESSAGE, parseDocument),
    grossCommission: signedMoneyCell('Comissão bruta'),
    iss: signedMoneyCell('ISS'),
    irrf: signedMoneyCell('IRRF'),
    netCommission: v.pipe(
      signedMoneyCell('Comissão líquida'),
      v.check((cents) => cents !== null, 'Comissão líquida (valor pago) é obrigatória'),
    ),
    paymentDate: optionalCell('Data do pagamento inválida: use dd/mm/aaaa', (text) => parseSheetDate(text)),
    lineType: optionalCell('Tipo inválido: use Comissão, Estorno ou Ajuste', parseLineType),
  }),
  v.forward(
    v.check((row) => row.policyNumber !== null || row.document !== null, 'Informe o número da apólice ou o CPF/CNPJ do segurado'),
    ['policyNumber'],
  ),
  v.transform((row) => {
    const net = row.netCommission!;
    const iss = row.iss ?? 0;
    const irrf = row.irrf ?? 0;
    const type: StatementLineType = row.lineType ?? (net < 0 ? 'estorno' : 'comissao');
    // Statements write an estorno either negative or positive under its type: stored negative.
    const sign = type === 'estorno' && net > 0 ? -1 : 1;
    const gross = row.grossCommission ?? net + Math.sign(net || 1) * (Math.abs(iss) + Math.abs(irrf));
    return { ...row, type, netCents: sign * net, grossCents: sign * gross, issCents: Math.abs(iss), irrfCents: Math.abs(irrf) };
  }),
);
export type StatementLineRow = v.InferOutput<typeof StatementLineRowSchema>;
