import {
  ContactImportRowSchema,
  type ContactKind,
  comparableName,
  type ContactType,
  type FieldIssue,
  type ContactImportRow,
  type ImportMode,
  type ReferenceData,
} from '@corretora/contracts';
import { parseRow, type RowAnalysis, type SheetRow } from '@corretora/service-kit';
import { CONTACT_COLUMNS, type ContactRecord, type ExistingContact, fieldLabel, noteKey, pickChanges } from './contact-record';

/** Why a producer's row naming a colleague's client (by CPF/CNPJ) is refused. */
export const BLOCKED_CLIENT =
  'Este contato está bloqueado por um pedido de eliminação (LGPD): os dados mantidos pela guarda da apólice não podem ser alterados nem completados';
export const TAKEN_CLIENT = 'Este CPF/CNPJ é de um cliente de outro membro da equipe: peça a um gestor que o transfira para você';

const KEY_LABELS = { document: 'CPF/CNPJ', email: 'e-mail', phone: 'telefone' } as const;
type KeyKind = keyof typeof KEY_LABELS;

/** Every key of a record (document, e-mail, phone E.164), strongest first. */
function keysOf(record: Pick<ContactRecord, 'cpf' | 'cnpj' | 'email' | 'phone'>): [KeyKind, string][] {
  const keys: [KeyKind, string][] = [];
  const document = record.cpf ?? record.cnpj;
  if (document) keys.push(['document', document]);
  if (record.email) keys.push(['email', record.email.toLowerCase()]);
  if (record.phone && /^[1-9]\d{9,10}$/.test(record.phone)) keys.push(['phone', `+55${record.phone}`]);
  return keys;
}

function nameIndex(list: readonly { id: number; name: string }[]): Map<string, number> {
  return new Map(list.map((item) => [comparableName(item.name), item.id]));
}

/**
 * The outcome of every row of a contacts import, given the mapping (field -> column index), the
 * mode, the broker's contacts and catalogues. Rows are validated by the contracts' row schema;
 * a row with a CPF/CNPJ matches a contact by it alone (sharing a phone or e-mail with a contact
 * that has no document makes it a possible duplicate; with one of another document, a new
 * person); a row without one matches by e-mail, else phone; a second row of the same person
 * in the file is merged into the first (its blanks filled) and skipped; a name-only match is a
 * possible duplicate, never merged. Pure: no I/O, so the preview is one pass over memory.
 */
export async function analyseContacts(input: {
  /** The file's rows, read chunk by chunk (a preview never holds a whole file's cells). */
  rows: AsyncIterable<SheetRow> | Iterable<SheetRow>;
  columns: Partial<Record<string, number>>;
  mode: ImportMode;
  existing: readonly ExistingContact[];
  notes: ReadonlySet<string>;
  reference: Pick<ReferenceData, 'products' | 'leadSources'>;
  /** The CPFs/CNPJs of the brokerage's contacts the importing member does not see (another producer's): refused, not duplicated. */
  taken?: ReadonlySet<string>;
  /** Reads the Responsável column (the kit's sheetMemberFinder); absent when the mapping does not name it. */
  findMember?: (text: string) => { id: string; name: string } | { message: string };
}): Promise<RowAnalysis[]> {
  const { columns, mode } = input;
  const products = nameIndex(input.reference.products);
  const leadSources = nameIndex(input.reference.leadSources);
  const { byKey, undocumentedByKey, byName } = contactIndexes(input.existing);
  const firstInFile = new Map<string, Working>();
  const results: (RowAnalysis & Partial<Working>)[] = [];

  for await (const row of input.rows) {
    const parsed = parseRow(ContactImportRowSchema, row, columns);
    if (!parsed.success) {
      results.push(parsed.error);
      continue;
    }
    const value = parsed.output;
    const errors: FieldIssue[] = [];
    const lookup = (names: Map<string, number>, text: string | null, path: string, message: string) => {
      if (!text) return null;
      const id = names.get(comparableName(text));
      if (id === undefined) errors.push({ path, message: `${message} "${text}" não está cadastrado(a) em Configurações` });
      return id ?? null;
    };
    const productId = lookup(products, value.product, 'product', 'Produto');
    const leadSourceId = lookup(leadSources, value.leadSource, 'leadSource', 'Origem');
    const responsible = value.responsible && input.findMember ? input.findMember(value.responsible) : null;
    if (responsible && 'message' in responsible) errors.push({ path: 'responsible', message: responsible.message });
    const member = responsible && 'id' in responsible ? responsible : null;
    // The column gives the contacts the import creates; an existing one keeps its member (a transfer moves its cards and policies too).
    const kept = member ? '; o responsável de um contato existente não muda na importação (transfira-o pela ficha)' : '';
    if (errors.length > 0) {
      results.push({ line: row.line, outcome: 'error', errors, reason: null, targetId: null, record: null });
      continue;
    }
    const record = contactRecord(value, productId, leadSourceId, member);
    const keys = keysOf(record);
    // A row with a CPF/CNPJ is matched by it alone: another document means another person, however
    // many phones (a family's landline, a switchboard) or e-mails they share. Without one, the
    // e-mail, else the phone.
    const documented = keys[0]?.[0] === 'document';
    const matchKeys = documented ? keys.slice(0, 1) : keys;
    const sharedKeys = documented ? keys.slice(1) : [];

    // The same person earlier in this file: merged there.
    const earlier = matchKeys.map(([kind, key]) => firstInFile.get(`${kind}:${key}`)).find((found) => found !== undefined);
    // A documented row sharing an e-mail or phone with an earlier row that has no document: maybe that person.
    const earlierUndocumented = earlier
      ? undefined
      : sharedKeys
          .map(([kind, key]) => firstInFile.get(`${kind}:${key}`))
          .find((found) => found !== undefined && !(found.full.cpf ?? found.full.cnpj));
    if (earlierUndocumented) {
      results.push({
        line: row.line,
        outcome: 'duplicate',
        errors: [],
        reason: `Possível duplicado da linha ${earlierUndocumented.line} (${earlierUndocumented.full.name}): mesmo e-mail ou telefone, e aquela linha não tem CPF/CNPJ. Não será importado; confira e mescle em Possíveis duplicados se for a mesma pessoa`,
        targetId: earlierUndocumented.targetId,
        record: null,
      });
      continue;
    }
    if (earlier) {
      for (const column of CONTACT_COLUMNS) {
        if (earlier.full[column] === null && record[column] !== null)
          (earlier.full as unknown as Record<string, unknown>)[column] = record[column];
      }
      if (earlier.outcome === 'create') earlier.record = earlier.full;
      else if (earlier.outcome === 'update' && earlier.record) Object.assign(earlier.record, pickChanges(earlier.full, earlier.existing));
      results.push({
        line: row.line,
        outcome: 'skip',
        errors: [],
        reason: `Mesmo contato da linha ${earlier.line}: os dados foram reunidos naquela linha`,
        targetId: earlier.targetId,
        record: null,
      });
      continue;
    }

    // A colleague's client (by its document) is theirs: a second record of the person would split the client.
    const ownDocument = documented ? keys[0]![1] : null;
    if (ownDocument && !byKey.has(`document:${ownDocument}`) && input.taken?.has(ownDocument)) {
      results.push({
        line: row.line,
        outcome: 'error',
        errors: [{ path: 'document', message: TAKEN_CLIENT }],
        reason: null,
        targetId: null,
        record: null,
      });
      continue;
    }
    const match = matchKeys
      .map(([kind, key]) => ({ kind, contact: byKey.get(`${kind}:${key}`) }))
      .find((found) => found.contact !== undefined);
    const undocumented = match?.contact
      ? undefined
      : sharedKeys.map(([kind, key]) => ({ kind, contact: undocumentedByKey.get(`${kind}:${key}`) })).find((found) => found.contact);
    let result: Working;
    if (match?.contact?.blocked) {
      results.push({
        line: row.line,
        outcome: 'error',
        errors: [{ path: 'name', message: BLOCKED_CLIENT }],
        reason: null,
        targetId: match.contact.id,
        record: null,
      });
      continue;
    } else if (undocumented?.contact) {
      const contact = undocumented.contact;
      result = {
        line: row.line,
        outcome: 'duplicate',
        errors: [],
        reason: `Possível duplicado de ${contact.name} (#${contact.id}): mesmo ${KEY_LABELS[undocumented.kind]}, e o contato não tem CPF/CNPJ. Não será importado; confira e mescle em Possíveis duplicados se for a mesma pessoa`,
        targetId: contact.id,
        record: null,
        full: record,
        existing: null,
      };
    } else if (match?.contact) {
      result = matchOutcome(row.line, mode, record, { kind: match.kind, contact: match.contact }, input.notes, kept);
    } else {
      result = newContactOutcome(row.line, mode, record, byName, member);
    }
    for (const [kind, key] of keys) if (!firstInFile.has(`${kind}:${key}`)) firstInFile.set(`${kind}:${key}`, result);
    results.push(result);
  }
  // The working rows as they are (their extra fields are never written): no second array of 50,000.
  return results;
}

/** What a row's contact is: its document says it, else its Tipo (PF or PJ); a prospect's is unknown. */
function kindOf(document: { cpf: string } | { cnpj: string } | null, type: ContactType | null): ContactKind | null {
  if (document) return 'cnpj' in document ? 'pj' : 'pf';
  if (type === 'business') return 'pj';
  if (type === 'individual') return 'pf';
  return null;
}

/** create: the whole record; update: only the fields that change (and the note). */
type Working = Omit<RowAnalysis, 'record'> & {
  record: Partial<ContactRecord> | null;
  full: ContactRecord;
  existing: ExistingContact | null;
};

/** The broker's contacts by each key (document, e-mail, phone), the undocumented ones by e-mail and phone, and by name. */
function contactIndexes(existing: readonly ExistingContact[]) {
  const byKey = new Map<string, ExistingContact>();
  /** E-mail and phone keys -> a contact holding them without a document (a person a documented row may be). */
  const undocumentedByKey = new Map<string, ExistingContact>();
  const byName = new Map<string, ExistingContact[]>();
  for (const contact of existing) {
    for (const [kind, value] of keysOf(contact)) {
      if (!byKey.has(`${kind}:${value}`)) byKey.set(`${kind}:${value}`, contact);
      if (kind !== 'document' && !(contact.cpf ?? contact.cnpj) && !undocumentedByKey.has(`${kind}:${value}`))
        undocumentedByKey.set(`${kind}:${value}`, contact);
    }
    const name = comparableName(contact.name);
    byName.set(name, [...(byName.get(name) ?? []), contact]);
  }
  return { byKey, undocumentedByKey, byName };
}

/** A row's contact as the sheet gives it (its catalogue names already found). */
function contactRecord(
  value: ContactImportRow,
  productId: number | null,
  leadSourceId: number | null,
  member: { id: string; name: string } | null,
): ContactRecord {
  const document = value.document;
  return {
    name: (value.name ?? value.tradeName ?? value.legalName)!,
    legalName: value.legalName,
    tradeName: value.tradeName,
    contactPerson: value.contactPerson,
    cpf: document && 'cpf' in document ? document.cpf : null,
    cnpj: document && 'cnpj' in document ? document.cnpj : null,
    email: value.email,
    phone: value.phone?.national ?? null,
    birthDate: value.birthDate,
    cep: value.cep,
    street: value.address,
    number: value.number,
    complement: value.complement,
    district: value.district,
    city: value.city,
    state: value.state,
    type: value.type,
    kind: value.legalName !== null ? 'pj' : kindOf(document, value.type),
    productId,
    leadSourceId,
    note: value.notes,
    responsibleId: member?.id ?? null,
  };
}

/** A row matching one of the broker's contacts: an update of what changes, or a skip and why. */
function matchOutcome(
  line: number,
  mode: ImportMode,
  record: ContactRecord,
  match: { kind: KeyKind; contact: ExistingContact },
  notes: ReadonlySet<string>,
  kept: string,
): Working {
  const contact = match.contact;
  const by = `pelo ${KEY_LABELS[match.kind]}`;
  const changes = pickChanges(record, contact);
  if (record.note && !notes.has(noteKey(contact.id, record.note))) changes.note = record.note;
  const changed = Object.keys(changes).length > 0;
  if (mode === 'create')
    return {
      line,
      outcome: 'skip',
      errors: [],
      reason: `Já existe (${contact.name}, ${by}); o modo só criar não atualiza`,
      targetId: contact.id,
      record: null,
      full: record,
      existing: contact,
    };
  else if (!changed)
    return {
      line,
      outcome: 'skip',
      errors: [],
      reason: `Sem alterações: ${contact.name} (${by})${kept}`,
      targetId: contact.id,
      record: null,
      full: record,
      existing: contact,
    };
  else
    return {
      line,
      outcome: 'update',
      errors: [],
      reason: `Atualiza ${contact.name} (${by}): ${Object.keys(changes).map(fieldLabel).join(', ')}${kept}`,
      targetId: contact.id,
      record: changes,
      full: record,
      existing: contact,
    };
}

/** A row matching none of the broker's contacts: a possible duplicate by name, a skip, or a new contact. */
function newContactOutcome(
  line: number,
  mode: ImportMode,
  record: ContactRecord,
  byName: ReadonlyMap<string, ExistingContact[]>,
  member: { id: string; name: string } | null,
): Working {
  const namesakes = (byName.get(comparableName(record.name)) ?? []).filter(
    (contact) => !((contact.cpf ?? contact.cnpj) && (record.cpf ?? record.cnpj)),
  );
  if (namesakes.length > 0)
    return {
      line,
      outcome: 'duplicate',
      errors: [],
      reason: `Possível duplicado de ${namesakes[0]!.name} (#${namesakes[0]!.id}): mesmo nome, sem documento, e-mail ou telefone em comum. Não será importado; confira e mescle em Possíveis duplicados se for a mesma pessoa`,
      targetId: namesakes[0]!.id,
      record: null,
      full: record,
      existing: null,
    };
  else if (mode === 'update')
    return {
      line,
      outcome: 'skip',
      errors: [],
      reason: 'Não encontrado; o modo só atualizar não cria',
      targetId: null,
      record: null,
      full: record,
      existing: null,
    };
  else
    return {
      line,
      outcome: 'create',
      errors: [],
      reason: member ? `Novo contato, de ${member.name}` : 'Novo contato',
      targetId: null,
      // The record itself, not a copy: a preview holds all of a file's rows at once.
      record,
      full: record,
      existing: null,
    };
}
