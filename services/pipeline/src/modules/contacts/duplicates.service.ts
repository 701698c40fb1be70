import {
  CONTACT_RECORD_FIELDS,
  ContactAnswerSchema,
  FINANCE_OPERATIONS,
  comparableName,
  hasAddress,
  type Contact,
  type ContactMergeInput,
  type DuplicateGroup,
  type MergeResult,
  type PostalAddress,
} from '@corretora/contracts';
import { BrokerScopedTable, HttpError, answerColumns, recordActivity, type InternalClient } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { CONTACT_NOT_FOUND, addressColumns, toContact } from './contacts.service';

const COLUMNS = answerColumns(ContactAnswerSchema);
const MAX_GROUPS = 200;
/** Words that do not tell two names apart ('José da Silva' ~ 'José Silva'). */
const PARTICLES = new Set(['da', 'de', 'do', 'das', 'dos', 'e']);

/** A name as the similar-names group compares it: its words without accents, case or particles, sorted. */
export function similarNameKey(name: string): string {
  return comparableName(name)
    .split(' ')
    .filter((word) => word && !PARTICLES.has(word))
    .sort()
    .join(' ');
}

/** 'Possíveis duplicados' and the merge of two contacts. */
const MERGE_BLOCKED =
  'Um dos contatos está bloqueado por um pedido de eliminação (LGPD): os dados mantidos pela guarda da apólice não podem ser mesclados.';

export class DuplicatesService {
  private readonly contacts: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    /** Finance's /internal listener: a merged contact's policies, claims and documents follow it. Null where finance is not deployed. */
    private readonly finance: InternalClient | null,
  ) {
    this.contacts = tables.scoped(knex, 'contacts');
  }

  /** Groups of contacts sharing a document, an e-mail or a phone, or with similar names (each set of contacts once, by its strongest reason). */
  async groups(userId: string): Promise<DuplicateGroup[]> {
    const contacts = (
      (await this.contacts
        .of(userId)
        .rows()
        .select(...COLUMNS)
        .orderBy('id')) as Record<string, unknown>[]
    ).map(toContact);
    const keyed: [DuplicateGroup['reason'], (contact: Contact) => string | null][] = [
      ['document', (contact) => contact.cpf ?? contact.cnpj],
      ['email', (contact) => contact.email?.toLowerCase() ?? null],
      ['phone', (contact) => (contact.phone && contact.phone.length >= 10 ? `+55${contact.phone}` : null)],
      ['name', (contact) => similarNameKey(contact.name) || null],
    ];
    const groups: DuplicateGroup[] = [];
    const seen = new Set<string>();
    for (const [reason, keyOf] of keyed) {
      const byKey = new Map<string, Contact[]>();
      for (const contact of contacts) {
        const key = keyOf(contact);
        if (key) byKey.set(key, [...(byKey.get(key) ?? []), contact]);
      }
      for (const [key, members] of byKey) {
        if (members.length < 2) continue;
        const ids = members.map((contact) => contact.id).join(',');
        if (seen.has(ids)) continue;
        seen.add(ids);
        groups.push({ reason, value: reason === 'name' ? members[0]!.name : key, contacts: members });
        if (groups.length >= MAX_GROUPS) return groups;
      }
    }
    return groups;
  }

  /**
   * Merges `otherId` into `id`: each field from the contact `keep` names (default: this one's, or
   * the other's where this one has none; a client's type wins over a prospect's); cards, notes and
   * the import rows that point at the other move here, finance moves its policies, claims and
   * documents, a note records the merge and the other contact is deleted. Finance first: a retry
   * after a failure here finds its part done.
   */
  async merge(userId: string, id: number, input: ContactMergeInput): Promise<MergeResult> {
    if (input.otherId === id)
      throw new HttpError(400, 'Escolha outro contato para mesclar.', [
        { path: 'otherId', message: 'Escolha outro contato para mesclar.' },
      ]);
    const both = (await this.contacts.of(userId).rows().whereIn('id', [id, input.otherId]).select('id', 'blockedAt')) as {
      id: number;
      blockedAt: Date | null;
    }[];
    if (both.length < 2) throw new HttpError(404, CONTACT_NOT_FOUND);
    // Kept only for the retention duty (LGPD): it takes nobody's data, and gives its own to nobody.
    if (both.some((contact) => contact.blockedAt)) throw new HttpError(409, MERGE_BLOCKED);
    const financeMoved = this.finance
      ? await this.finance.call(FINANCE_OPERATIONS.moveContact, { params: { userId, id: input.otherId }, body: { into: id } })
      : { policies: 0, claims: 0, documents: 0 };
    return this.knex.transaction(async (trx) => {
      const rows = (await this.contacts
        .of(userId, trx)
        .rows()
        .whereIn('id', [id, input.otherId])
        .forUpdate()
        .select(...COLUMNS)) as Record<string, unknown>[];
      const kept = rows.find((row) => row.id === id);
      const other = rows.find((row) => row.id === input.otherId);
      if (!kept || !other) throw new HttpError(404, CONTACT_NOT_FOUND);
      const changes: Record<string, unknown> = {};
      for (const field of CONTACT_RECORD_FIELDS) {
        const choice = input.keep[field];
        let value = choice === 'other' ? other[field] : choice === 'this' ? kept[field] : (kept[field] ?? other[field]);
        if (field === 'type' && choice === undefined && kept.type === 'prospect') value = other.type;
        // The address is chosen whole: the kept contact's when it has one.
        if (field === 'address' && choice === undefined) value = hasAddress(kept.address as PostalAddress) ? kept.address : other.address;
        changes[field] = value ?? null;
      }
      // Written as its parts (the address column is generated from them).
      Object.assign(changes, addressColumns(changes.address as PostalAddress));
      delete changes.address;
      const [updated] = await this.contacts
        .of(userId, trx)
        .update(id, {
          ...changes,
          annualPremium: kept.annualPremium ?? other.annualPremium,
          lastContact: trx.raw('greatest(last_contact, ?::timestamptz)', [(other.lastContact as Date | null) ?? null]),
          updatedAt: trx.fn.now(),
        })
        .returning(COLUMNS);
      const moveTo = (table: string) =>
        new BrokerScopedTable(trx, table).of(userId, trx).rows().where({ contactId: input.otherId }).update({ contactId: id });
      const cards = await moveTo('pipeline_cards');
      const notes = await moveTo('notes');
      // The timeline follows the person: the other contact's entries move here (the kept contact's consent stands: none is inferred).
      await moveTo('contact_timeline');
      // So do the tasks written about them.
      await moveTo('tasks');
      // Imports that wrote the other contact now name this one: a contacts import's rows by their
      // target, a policies import's by the client it recorded (their targets are policies).
      const importRows = tables.scoped(trx, 'import_rows').of(userId, trx);
      const importsOf = tables.scoped(trx, 'imports').of(userId, trx).from('i');
      await importRows.updateFrom(
        'r',
        { set: 'target_id = ?', from: '?', where: "i.id = r.import_id and i.kind = 'contacts' and r.target_id = ?" },
        { set: [id], from: [importsOf], where: [input.otherId] },
      );
      await importRows.updateFrom(
        'r',
        {
          set: "previous = jsonb_set(r.previous, '{contactId}', to_jsonb(?::int))",
          from: '?',
          where: "i.id = r.import_id and i.kind = 'policies' and (r.previous->>'contactId')::int = ?",
        },
        { set: [id], from: [importsOf], where: [input.otherId] },
      );
      const otherContact = toContact(other);
      const said = [otherContact.email, otherContact.phone, otherContact.cpf ?? otherContact.cnpj].filter(Boolean).join(', ');
      await trx('notes').insert({ userId, contactId: id, content: `Contato mesclado: ${otherContact.name}${said ? ` (${said})` : ''}.` });
      await this.contacts.of(userId, trx).remove(input.otherId);
      await recordActivity(trx, userId, {
        type: 'contacts_merged',
        subject: String(changes.name),
        detail: otherContact.name,
        contactId: id,
      });
      return { contact: toContact(updated as Record<string, unknown>), moved: { cards, notes, ...financeMoved } };
    });
  }
}
