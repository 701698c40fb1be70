import { createHash } from 'node:crypto';
import { formatCnpj, formatCpf, type PrivacySubjectInput, type PrivacySubjectKind } from '@corretora/contracts';
import { type BrokerScopedTable } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

/** A request's subject as stored: one kind and its normalised value (digits, a lower-case e-mail). */
export interface Subject {
  kind: PrivacySubjectKind;
  value: string;
}

export function subjectOf(input: PrivacySubjectInput): Subject {
  if (input.cpf) return { kind: 'cpf', value: input.cpf };
  if (input.cnpj) return { kind: 'cnpj', value: input.cnpj };
  return { kind: 'email', value: input.email! };
}

export const subjectKey = (subject: Subject) => `${subject.kind}:${subject.value}`;

/** The subject as people read it ('123.456.789-09'). */
export function shownSubject(subject: Subject): string {
  if (subject.kind === 'cpf') return formatCpf(subject.value);
  if (subject.kind === 'cnpj') return formatCnpj(subject.value);
  return subject.value;
}

/** What stays of the subject once erased: enough to recognise the request, not to find the person ('***.456.789-**'). */
export function maskedSubject(subject: Subject): string {
  if (subject.kind === 'email') {
    const [local = '', domain = ''] = subject.value.split('@');
    return `${local.slice(0, 1)}***@${domain.replace(/^[^.]*/, '***')}`;
  }
  const shown = shownSubject(subject);
  return shown.replace(/\d/g, (digit, index: number) => (index >= 4 && index < shown.length - 3 ? digit : '*'));
}

/** The subject's hash (a later request by the same person can be told apart without keeping the value). */
export function subjectHash(subject: Subject): string {
  return createHash('sha256').update(`${subject.kind}:${subject.value}`).digest('hex');
}

/** A contact of the subject, with what the erasure needs to find their traces. */
export interface SubjectContact {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  phoneE164: string | null;
  cpf: string | null;
  cnpj: string | null;
  legalName: string | null;
  tradeName: string | null;
  contactPerson: string | null;
  blockedAt: Date | null;
  retainUntil: string | null;
}

const CONTACT_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'phoneE164',
  'cpf',
  'cnpj',
  'legalName',
  'tradeName',
  'contactPerson',
  'blockedAt',
  'retainUntil',
] as const;

/** The brokerage's contacts a subject is (by CPF, CNPJ or e-mail), through the broker scope. */
export class SubjectContacts {
  private readonly contacts: BrokerScopedTable;

  constructor(knex: Knex) {
    this.contacts = tables.scoped(knex, 'contacts');
  }

  /** One contact of the brokerage by id (the retention sweep's), or undefined. */
  async byId(userId: string, id: number): Promise<SubjectContact | undefined> {
    return (await this.contacts
      .of(userId)
      .byId(id)
      .first(...CONTACT_COLUMNS)) as SubjectContact | undefined;
  }

  /** The contacts of many subjects in one query (a list of requests), each subject's by its key (`kind:value`). */
  async findMany(userId: string, subjects: readonly Subject[]): Promise<Map<string, SubjectContact[]>> {
    const found = new Map<string, SubjectContact[]>();
    if (subjects.length === 0) return found;
    const values = (kind: Subject['kind']) => [
      ...new Set(subjects.filter((subject) => subject.kind === kind).map((subject) => subject.value)),
    ];
    const rows = (await this.contacts
      .of(userId)
      .rows()
      .where((builder) => {
        builder
          .whereIn('cpf', values('cpf'))
          .orWhereIn('cnpj', values('cnpj'))
          .orWhereRaw('lower(email) = any(?)', [values('email')]);
      })
      .orderBy('id')
      .select(...CONTACT_COLUMNS)) as SubjectContact[];
    for (const subject of subjects) {
      const key = subjectKey(subject);
      if (found.has(key)) continue;
      found.set(
        key,
        rows.filter((contact) =>
          subject.kind === 'email' ? contact.email?.toLowerCase() === subject.value : contact[subject.kind] === subject.value,
        ),
      );
    }
    return found;
  }

  async find(userId: string, subject: Subject | null, trx?: Knex | Knex.Transaction): Promise<SubjectContact[]> {
    if (!subject) return [];
    const rows = this.contacts.of(userId, trx).rows();
    if (subject.kind === 'email') rows.whereRaw('lower(email) = ?', [subject.value]);
    else rows.where({ [subject.kind]: subject.value });
    return (await rows.orderBy('id').select(...CONTACT_COLUMNS)) as SubjectContact[];
  }
}

/** Every value of the subject the erasure looks for in free text (names, documents, e-mail, phones). */
export function subjectTerms(subject: Subject | null, contacts: readonly SubjectContact[]): string[] {
  const terms = new Set<string>();
  if (subject) terms.add(subject.value);
  for (const contact of contacts) {
    for (const value of [
      contact.name,
      contact.email,
      contact.phone,
      contact.phoneE164,
      contact.cpf,
      contact.cnpj,
      contact.legalName,
      contact.tradeName,
      contact.contactPerson,
    ])
      if (value && value.trim().length >= 4) terms.add(value.trim());
    if (contact.cpf) terms.add(formatCpf(contact.cpf));
    if (contact.cnpj) terms.add(formatCnpj(contact.cnpj));
    if (contact.phoneE164) terms.add(contact.phoneE164.replace(/^\+/, ''));
  }
  return [...terms];
}
