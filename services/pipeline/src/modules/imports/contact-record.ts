import { createHash } from 'node:crypto';
import type { ContactKind, ContactType } from '@corretora/contracts';

/** A contact as dedupe sees it: its keys and the fields an import may change. */
export interface ExistingContact {
  id: number;
  name: string;
  cpf: string | null;
  cnpj: string | null;
  email: string | null;
  phone: string | null;
  birthDate: string | null;
  legalName: string | null;
  tradeName: string | null;
  contactPerson: string | null;
  cep: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  type: ContactType;
  kind: ContactKind;
  productId: number | null;
  leadSourceId: number | null;
  /** Kept only for the retention duty after an erasure (LGPD): an import never writes to it. */
  blocked?: boolean;
}

/** What a row stores: the contact's columns (null: the file says nothing; the type too) and a note. */
export type ContactRecord = Omit<ExistingContact, 'id' | 'type' | 'kind' | 'blocked'> & {
  type: ContactType | null;
  /** pj for a CNPJ or a row typed PJ, pf for a CPF or a row typed PF; null: the file does not say. */
  kind: ContactKind | null;
  note: string | null;
  /** The member the sheet gives a new contact to (its Responsável column); null: the import's. */
  responsibleId: string | null;
};

/** The contact's columns an import writes (the sheet's Endereço is the street). */
export const CONTACT_COLUMNS = [
  'name',
  'cpf',
  'cnpj',
  'email',
  'phone',
  'birthDate',
  'legalName',
  'tradeName',
  'contactPerson',
  'cep',
  'street',
  'number',
  'complement',
  'district',
  'city',
  'state',
  'type',
  'kind',
  'productId',
  'leadSourceId',
] as const satisfies readonly (keyof ExistingContact)[];
export type ContactColumn = (typeof CONTACT_COLUMNS)[number];

/** A note's fingerprint, so a re-import does not write the same note twice. */
export function noteKey(contactId: number, content: string): string {
  return `${contactId}:${createHash('sha256').update(content.trim()).digest('base64url')}`;
}

const LABELS: Record<string, string> = {
  name: 'nome',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'e-mail',
  phone: 'telefone',
  birthDate: 'nascimento',
  cep: 'CEP',
  street: 'endereço',
  number: 'número',
  complement: 'complemento',
  district: 'bairro',
  legalName: 'razão social',
  tradeName: 'nome fantasia',
  contactPerson: 'pessoa de contato',
  city: 'cidade',
  state: 'UF',
  type: 'tipo',
  kind: 'pessoa física/jurídica',
  productId: 'produto',
  leadSourceId: 'origem',
  note: 'observação',
};
/** A contact's field as the preview names it ("Atualiza …: telefone, e-mail"). */
export const fieldLabel = (field: string) => LABELS[field] ?? field;

/**
 * The fields of a record that a row changes against an existing contact: what the file says and differs (a blank never clears a field; the type
 * never goes back to prospect).
 */
export function pickChanges(record: ContactRecord, existing: ExistingContact | null): Partial<ContactRecord> {
  if (!existing) return { ...record };
  const changes: Partial<ContactRecord> = {};
  for (const column of CONTACT_COLUMNS) {
    const value = record[column];
    if (value === null || value === existing[column]) continue;
    if (column === 'type' && value === 'prospect') continue;
    if (column === 'email' && typeof value === 'string' && value.toLowerCase() === existing.email?.toLowerCase()) continue;
    (changes as Record<string, unknown>)[column] = value;
  }
  return changes;
}
