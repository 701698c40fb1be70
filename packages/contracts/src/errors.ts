import * as v from 'valibot';

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * What a 404 says for each kind of record: one text for the operation (a malformed id) and the
 * service (an unknown or another broker's id), so both answers are the same.
 */
export const NOT_FOUND = {
  card: 'Card não encontrado.',
  contact: 'Contato não encontrado.',
  item: 'Item não encontrado.',
  policy: 'Apólice não encontrada.',
  instalment: 'Parcela não encontrada.',
  claim: 'Sinistro não encontrado.',
  document: 'Documento não encontrado.',
  import: 'Importação não encontrada.',
  statement: 'Extrato não encontrado.',
  statementLine: 'Linha de extrato não encontrada.',
  insurer: 'Seguradora não encontrada.',
  renewal: 'Renovação não encontrada.',
  quote: 'Cotação não encontrada.',
  comparison: 'Comparativo não encontrado ou expirado. Peça um novo link à corretora.',
  line: 'Ramo não encontrado.',
  task: 'Tarefa não encontrada.',
  stage: 'Etapa não encontrada.',
  member: 'Membro não encontrado.',
  privacyRequest: 'Pedido não encontrado.',
  privacyNotice: 'Página de privacidade não encontrada.',
  conversation: 'Conversa não encontrada.',
} as const;

/** The one error shape every service answers with. */
export interface ApiErrorBody {
  message: string;
  issues?: FieldIssue[];
}

const REQUIRED_FIELD = 'Campo obrigatório.';

/** A key the object schema wants and the input lacks, where the field's own schema names no pt-BR message for it (valibot's is English). */
function missingKey(issue: v.BaseIssue<unknown>): boolean {
  return issue.kind === 'schema' && issue.received === 'undefined' && issue.message.startsWith('Invalid key');
}

/** The body itself is not an object ("x", 5, true): valibot's message would be English. */
const NOT_AN_OBJECT = 'Dados inválidos: envie um objeto JSON com os campos.';

function bodyNotAnObject(issue: v.BaseIssue<unknown>, path: string): boolean {
  return path === '' && issue.kind === 'schema' && issue.message.startsWith('Invalid type');
}

/** valibot issues -> [{ path: 'cpf', message }] (first message per field), for the API and for forms. */
export function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  const seen = new Set<string>();
  const result: FieldIssue[] = [];
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    result.push({ path, message: missingKey(issue) ? REQUIRED_FIELD : bodyNotAnObject(issue, path) ? NOT_AN_OBJECT : issue.message });
  }
  return result;
}
