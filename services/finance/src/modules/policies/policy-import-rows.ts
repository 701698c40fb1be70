import {
  policyImportRowSchema,
  comparableInsurer,
  comparableName,
  policyTypeOfLine,
  type FieldIssue,
  type ImportClient,
  type InsuredItem,
  type LineKey,
  type ImportMode,
  type PolicyImportRow,
  type UnknownInsurer,
} from '@corretora/contracts';
import { parseRow, type RowAnalysis, type SheetRow } from '@corretora/service-kit';
import type { PolicyBookEntry } from './policy-import.service';
import { POLICY_TERMS, type PolicyTerm } from './policy-sql';

/** Why a row is refused when its number is another member's policy. */
export const takenReason = (policyNumber: string) =>
  `A apólice ${policyNumber} é de outro membro da equipe: só quem a atende, ou um administrador, pode atualizá-la`;

/** The client of a policy row: a contact of the broker, or one the import creates. */
export interface PolicyClient {
  id: number | null;
  name: string;
  cpf: string | null;
  cnpj: string | null;
}

/** What a policies row stores: the policy (cents; the commission in hundredths or cents) and its client. */
export type PolicyRecord = Omit<PolicyBookEntry, 'id' | 'contactId' | 'contactName' | 'insurerId'> & {
  insurerId: number;
  client: PolicyClient;
  /** Repasse: the angariador the sheet names (the policy's responsible member keeps the rest of its commission). */
  angariador: ImportedAngariador | null;
  /** The member the sheet gives a new policy (and its new client) to; null: the import's. */
  responsibleId: string | null;
  /** The vehicle the sheet names (plate, model, year, chassis, FIPE); null: none (an update keeps the policy's). */
  insuredItem: InsuredItem | null;
};

export interface ImportedAngariador {
  name: string;
  /** Hundredths of a percent. */
  shareHundredths: number;
  percentHundredths: number;
}

/** The broker's contacts as a policies import finds clients: by document, else by the exact name (accents and case aside). */
export class ClientIndex {
  private readonly byDocument = new Map<string, ImportClient>();
  private readonly byName = new Map<string, ImportClient>();

  constructor(contacts: readonly ImportClient[]) {
    for (const contact of contacts) this.add(contact);
  }

  add(contact: ImportClient): void {
    const document = contact.cpf ?? contact.cnpj;
    if (document && !this.byDocument.has(document)) this.byDocument.set(document, contact);
    const name = comparableName(contact.name);
    if (!this.byName.has(name)) this.byName.set(name, contact);
  }

  find(client: Omit<PolicyClient, 'id'>): ImportClient | undefined {
    const document = client.cpf ?? client.cnpj;
    if (document) return this.byDocument.get(document) ?? (client.name ? this.nameOnly(client.name) : undefined);
    return client.name ? this.byName.get(comparableName(client.name)) : undefined;
  }

  /** A name match for a row with a document only counts when that contact has no document of its own. */
  private nameOnly(name: string): ImportClient | undefined {
    const found = this.byName.get(comparableName(name));
    return found && !(found.cpf ?? found.cnpj) ? found : undefined;
  }
}

function lineAndType(line: LineKey): Pick<PolicyRecord, 'line' | 'type'> {
  return { line, type: policyTypeOfLine(line) };
}

/** What a row updates when it differs: the policy's terms but its client (compared apart), and its line. */
const COMPARED = [
  ...POLICY_TERMS.filter(
    (term): term is Exclude<PolicyTerm, 'contactId' | 'contactName'> => term !== 'contactId' && term !== 'contactName',
  ),
  'line' as const,
];

/**
 * The outcome of every row of a policies import: validated by the contracts' row schema; the
 * insurer matched by name (accents, case and "S.A."/"Cia." aside) or by the broker's mapping of a
 * name; the client by document, else by name, else created; an existing policy number is an update
 * (or a skip when nothing changes); a number twice in the file keeps its first row.
 */
export async function analysePolicies(input: {
  rows: AsyncIterable<SheetRow> | Iterable<SheetRow>;
  columns: Partial<Record<string, number>>;
  mode: ImportMode;
  clients: ClientIndex;
  insurers: readonly { id: number; name: string }[];
  insurerMap: Readonly<Record<string, number>>;
  book: readonly PolicyBookEntry[];
  /** Policies of the brokerage the importing member does not see (another producer's): their numbers are refused. */
  taken?: readonly PolicyBookEntry[];
  /** Reads the Responsável column (the kit's sheetMemberFinder); absent when the mapping does not name it. */
  findMember?: (text: string) => { id: string; name: string } | { message: string };
}): Promise<{ results: RowAnalysis[]; unknownInsurers: UnknownInsurer[] }> {
  const insurers = new Map(input.insurers.map((insurer) => [comparableInsurer(insurer.name), insurer.id]));
  const known = new Set(input.insurers.map((insurer) => insurer.id));
  const mapped = new Map(
    Object.entries(input.insurerMap)
      .filter(([, id]) => known.has(id))
      .map(([name, id]) => [comparableInsurer(name), id]),
  );
  // A policy is its number at its insurer (two insurers may number alike).
  const keyOf = (insurerId: number | null, policyNumber: string) => `${insurerId ?? ''}|${policyNumber.toUpperCase()}`;
  const book = new Map(input.book.map((policy) => [keyOf(policy.insurerId, policy.policyNumber), policy]));
  const taken = new Set((input.taken ?? []).map((policy) => keyOf(policy.insurerId, policy.policyNumber)));
  const unknown = new Map<string, UnknownInsurer>();
  const seen = new Map<string, number>();
  const results: RowAnalysis[] = [];

  for await (const row of input.rows) {
    const error = (errors: FieldIssue[]): RowAnalysis => ({
      line: row.line,
      outcome: 'error',
      errors,
      reason: null,
      targetId: null,
      record: null,
    });
    const parsed = parseRow(policyImportRowSchema(), row, input.columns);
    if (!parsed.success) {
      results.push(parsed.error);
      continue;
    }
    const value = parsed.output;
    const insurerKey = comparableInsurer(value.insurer);
    const insurerId = mapped.get(insurerKey) ?? insurers.get(insurerKey);
    if (insurerId === undefined) {
      const entry = unknown.get(insurerKey) ?? { name: value.insurer, rows: 0 };
      entry.rows += 1;
      unknown.set(insurerKey, entry);
      results.push(
        error([{ path: 'insurer', message: `Seguradora "${value.insurer}" não cadastrada: cadastre-a ou escolha uma das suas` }]),
      );
      continue;
    }
    const key = keyOf(insurerId, value.policyNumber);
    const first = seen.get(key);
    if (first !== undefined) {
      results.push({
        line: row.line,
        outcome: 'skip',
        errors: [],
        reason: `Mesma apólice da linha ${first}`,
        targetId: null,
        record: null,
      });
      continue;
    }
    seen.set(key, row.line);
    if (taken.has(key)) {
      results.push(error([{ path: 'policyNumber', message: takenReason(value.policyNumber) }]));
      continue;
    }
    const responsible = value.responsible && input.findMember ? input.findMember(value.responsible) : null;
    if (responsible && 'message' in responsible) {
      results.push(error([{ path: 'responsible', message: responsible.message }]));
      continue;
    }
    const member = responsible && 'id' in responsible ? responsible : null;

    const document = value.contactDocument;
    const client = {
      name: value.contactName ?? '',
      cpf: document && 'cpf' in document ? document.cpf : null,
      cnpj: document && 'cnpj' in document ? document.cnpj : null,
    };
    const contact = input.clients.find(client);
    if (!contact && !client.name) {
      results.push(error([{ path: 'contactName', message: 'Cliente não encontrado pelo CPF/CNPJ: informe também o nome para criá-lo' }]));
      continue;
    }
    const existing = book.get(key);
    const record = policyRecord(value, insurerId, existing, contact, client, member);
    const who = contact ? contact.name : `${client.name} (contato novo)`;
    results.push(rowOutcome(row.line, input.mode, record, existing, { contactId: contact?.id ?? null, who, member }));
  }
  return { results, unknownInsurers: [...unknown.values()] };
}

/** A row's policy: what the sheet says, else what the book holds for it (an update), else the defaults issuing assumes. */
function policyRecord(
  value: PolicyImportRow,
  insurerId: number,
  existing: PolicyBookEntry | undefined,
  contact: ImportClient | undefined,
  client: { name: string; cpf: string | null; cnpj: string | null },
  member: { id: string; name: string } | null,
): PolicyRecord {
  const commission =
    value.commissionPercentage !== null
      ? { commissionType: 'percentage' as const, commissionValue: value.commissionPercentage }
      : value.commissionAmount !== null
        ? { commissionType: 'fixed' as const, commissionValue: value.commissionAmount }
        : existing
          ? { commissionType: existing.commissionType, commissionValue: existing.commissionValue }
          : { commissionType: 'percentage' as const, commissionValue: 0 };
  return {
    policyNumber: value.policyNumber,
    insurerId,
    // A line the row does not name: the policy's, else empresarial (as issuing assumes).
    ...lineAndType(value.type ?? existing?.line ?? 'empresarial'),
    startDate: value.startDate ?? existing?.startDate ?? null,
    renewalDate: value.endDate!,
    premium: value.totalPremium!,
    netPremium: value.netPremium ?? existing?.netPremium ?? null,
    ...commission,
    status: value.status ?? existing?.status ?? 'active',
    client: { id: contact?.id ?? null, name: contact?.name ?? client.name, cpf: client.cpf, cnpj: client.cnpj },
    angariador:
      value.angariador === null
        ? null
        : { name: value.angariador, shareHundredths: value.angariadorShare!, percentHundredths: value.angariadorPercent! },
    responsibleId: member?.id ?? null,
    insuredItem: vehicleOf(value),
  };
}

/** The vehicle of a row, when it names any of it. */
function vehicleOf(value: PolicyImportRow): InsuredItem | null {
  const { plate, vehicle, modelYear, chassis, fipeCode } = value;
  if (plate === null && vehicle === null && modelYear === null && chassis === null && fipeCode === null) return null;
  return {
    kind: 'vehicle',
    vehicle: {
      plate,
      chassis,
      make: null,
      model: vehicle,
      manufactureYear: null,
      modelYear,
      fipeCode,
      use: null,
      overnightCep: null,
      mainDriver: null,
    },
    property: null,
    persons: null,
  };
}

/** Whether a row's vehicle columns say something the policy's vehicle does not (an empty column says nothing). */
function vehicleDiffers(sheet: InsuredItem | null, policy: InsuredItem | null): boolean {
  const given = Object.entries(sheet?.vehicle ?? {}).filter(([, value]) => value !== null);
  const held = (policy?.kind === 'vehicle' ? policy.vehicle : null) as Record<string, unknown> | null;
  return given.some(([field, value]) => held?.[field] !== value);
}

/** A row's outcome against the book and the mode: create, update, or skip and why. */
function rowOutcome(
  line: number,
  mode: ImportMode,
  record: PolicyRecord,
  existing: PolicyBookEntry | undefined,
  about: { contactId: number | null; who: string; member: { id: string; name: string } | null },
): RowAnalysis {
  const skip = (reason: string, targetId: number | null): RowAnalysis => ({
    line,
    outcome: 'skip',
    errors: [],
    reason,
    targetId,
    record: null,
  });
  if (!existing) {
    if (mode === 'update') return skip('Apólice não encontrada; o modo só atualizar não cria', null);
    const to = about.member ? `, para ${about.member.name}` : '';
    return {
      line,
      outcome: 'create',
      errors: [],
      reason: `Cria a apólice ${record.policyNumber} de ${about.who}${to}`,
      targetId: null,
      record,
    };
  }
  if (mode === 'create') return skip(`A apólice ${record.policyNumber} já existe; o modo só criar não atualiza`, existing.id);
  const changed = COMPARED.filter((field) => record[field] !== existing[field]);
  // The book does not hold the split: a row naming an angariador always (re)sets it.
  if (record.angariador) changed.push('angariador' as never);
  if (about.contactId !== null && existing.contactId !== about.contactId) changed.push('client' as never);
  if (vehicleDiffers(record.insuredItem, existing.insuredItem)) changed.push('insuredItem' as never);
  if (changed.length === 0) return skip(`Sem alterações: apólice ${record.policyNumber}`, existing.id);
  // The column gives the policies the import creates; an existing one keeps its member.
  const kept = about.member ? '; o responsável de uma apólice existente não muda na importação' : '';
  return {
    line,
    outcome: 'update',
    errors: [],
    reason: `Atualiza a apólice ${record.policyNumber} de ${about.who}${kept}`,
    targetId: existing.id,
    record,
  };
}
