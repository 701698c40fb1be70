import { createHash } from 'node:crypto';
import {
  IMPORT_FIELDS,
  IMPORT_FIELD_INFO,
  REQUIRED_IMPORT_FIELDS,
  comparableName,
  type FieldInfo,
  type FieldIssue,
  type ImportKind,
  type ImportMappingInput,
} from '@corretora/contracts';
import { HttpError } from '../errors';

/** The same headers in any order and spelling of case/accents: one remembered mapping. */
export function headerKey(kind: ImportKind, headers: readonly string[], insurerId: number | null = null): string {
  const names = headers.map(comparableName).sort();
  // A statement's mapping is remembered per insurer: each insurer writes its own layout.
  return createHash('sha256')
    .update(JSON.stringify(insurerId === null ? [kind, names] : [kind, insurerId, names]))
    .digest('hex');
}

/** field -> header, from the headers' words (each header used once; exact words first, then containment). */
export function suggestMapping(kind: ImportKind, headers: readonly string[]): Record<string, string> {
  return suggestColumns(IMPORT_FIELD_INFO[kind], headers, IMPORT_FIELDS[kind]);
}

/** suggestMapping for any set of fields and their header words (a sheet read outside the import wizard), in `order`. */
export function suggestColumns(
  info: Readonly<Record<string, FieldInfo | undefined>>,
  headers: readonly string[],
  order: readonly string[] = Object.keys(info),
): Record<string, string> {
  const mapping: Record<string, string> = {};
  const used = new Set<string>();
  const comparable = headers.map((header) => ({ header, name: comparableName(header) }));
  for (const pass of ['exact', 'contains'] as const) {
    for (const field of order) {
      if (mapping[field]) continue;
      const words = (info[field]?.headers ?? []).map(comparableName);
      const found = comparable.find(
        ({ header, name }) =>
          !used.has(header) &&
          words.some((word) => (pass === 'exact' ? name === word : name.startsWith(`${word} `) || name.endsWith(` ${word}`))),
      );
      if (found) {
        mapping[field] = found.header;
        used.add(found.header);
      }
    }
  }
  return mapping;
}

/** The broker's mapping checked against the kind's fields and the file's headers; a 400 naming each field otherwise. */
export function checkedMapping(kind: ImportKind, headers: readonly string[], input: ImportMappingInput['mapping']): Record<string, string> {
  const fields = new Set<string>(IMPORT_FIELDS[kind]);
  const issues: FieldIssue[] = [];
  const mapping: Record<string, string> = {};
  for (const [field, header] of Object.entries(input)) {
    if (!fields.has(field)) issues.push({ path: `mapping.${field}`, message: `Campo desconhecido: ${field}` });
    else if (header === null || header === '') continue;
    else if (!headers.includes(header)) issues.push({ path: `mapping.${field}`, message: `A planilha não tem a coluna "${header}"` });
    else mapping[field] = header;
  }
  for (const field of REQUIRED_IMPORT_FIELDS[kind]) {
    if (!mapping[field] && !issues.some((issue) => issue.path === `mapping.${field}`))
      issues.push({ path: `mapping.${field}`, message: `Escolha a coluna de ${IMPORT_FIELD_INFO[kind][field]?.label ?? field}` });
  }
  if (issues.length > 0) throw new HttpError(400, issues[0]!.message, issues);
  return mapping;
}
