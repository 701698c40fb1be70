import {
  ContactAnswerSchema,
  NOT_FOUND,
  TEAM_OPERATIONS,
  type Contact,
  type ContactAddressInput,
  type PostalAddress,
  type ContactCreateInput,
  type ContactKind,
  type ContactStatus,
  type ContactType,
  type ContactNote,
  type ContactPage,
  type ContactQuery,
  type ContactUpdateInput,
} from '@corretora/contracts';
import {
  type BrokerScopedTable,
  HttpError,
  assertMayReassign,
  type InternalClient,
  answerColumns,
  recordAuditEvent,
  toAnswer,
  readerOf,
  preparedRead,
} from '@corretora/service-kit';
import { tables } from '../../tables';
import { contactMatching } from '../search/contact-matching';
import type { Knex } from 'knex';
import type { CatalogueCheck } from '../catalogues/catalogue-check';
import { ARCHIVED_CARD, CARD_NOT_FOUND } from '../pipeline/pipeline.service';
import { warmContactCards } from '../pipeline/card-activity';
import { assertNotColleaguesClient } from '../ownership/colleague-client';

export const CONTACT_NOT_FOUND = NOT_FOUND.contact;
const BLOCKED = 'Contato bloqueado por um pedido de eliminação (LGPD): os dados mantidos pela guarda da apólice não podem ser alterados.';

const COLUMNS = answerColumns(ContactAnswerSchema);

/** Where a contact stands with an erasure (LGPD): kept until, blocked since, asked on. */
export interface ContactStanding {
  retainUntil: string | Date | null;
  blockedAt: Date | null;
  erasureRequestedAt: Date | null;
}

export function toContact(row: Record<string, unknown>): Contact {
  return toAnswer(ContactAnswerSchema, row);
}

/** The address's parts as the contact's columns (uf is `state`; `address` is generated from them). */
export function addressColumns(address: ContactAddressInput | PostalAddress): Record<string, string | null> {
  const { uf, ...parts } = address;
  return { ...parts, state: uf };
}

/**
 * Where a contact stands: `type` (prospect, individual or business) follows the status and the kind
 * (the table's trigger keeps a client's type its kind's); an old client's own type is taken as sent.
 */
function standingColumns(knex: Knex, input: { kind?: ContactKind; status?: ContactStatus; type?: ContactType }): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (input.status === 'prospect') columns.type = 'prospect';
  else if (input.status === 'client')
    columns.type = input.kind
      ? input.kind === 'pj'
        ? 'business'
        : 'individual'
      : knex.raw("case when kind = 'pj' then 'business' else 'individual' end");
  else if (input.type !== undefined) columns.type = input.type;
  return columns;
}

/** Contacts of one broker: the prospects created as leads and the clients added here. */
export class ContactsService {
  private readonly contacts: BrokerScopedTable;
  private readonly notes: BrokerScopedTable;
  private readonly cards: BrokerScopedTable;
  private readonly tasks: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly catalogues: CatalogueCheck,
    /** Finance's /internal listener: a client given to another member takes their policies along (null: not deployed). */
    private readonly finance: InternalClient | null = null,
  ) {
    this.contacts = tables.scoped(knex, 'contacts');
    this.notes = tables.scoped(knex, 'notes');
    this.cards = tables.scoped(knex, 'pipeline_cards');
    this.tasks = tables.scoped(knex, 'tasks');
  }

  /** Search (name, e-mail, phone, CPF, CNPJ), type filter: the rows of the query, for a page or the export. */
  private matching(userId: string, query: Pick<ContactQuery, 'q' | 'type' | 'kind' | 'status' | 'responsibleId'>) {
    // Contatos and its export may lag (a read replica), unless this session has just written.
    const rows = this.contacts.of(userId, readerOf(this.knex)).rows();
    if (query.responsibleId) rows.andWhere({ responsibleId: query.responsibleId });
    if (query.type !== 'all') rows.andWhere({ type: query.type });
    if (query.kind !== 'all') rows.andWhere({ kind: query.kind });
    if (query.status === 'prospect') rows.andWhere({ type: 'prospect' });
    if (query.status === 'client') rows.andWhereNot({ type: 'prospect' });
    if (query.q) {
      const matching = contactMatching(query.q, 'search_text');
      rows.andWhereRaw(matching.where, matching.bindings);
    }
    return rows;
  }

  async page(userId: string, query: ContactQuery): Promise<ContactPage> {
    // The page comes from the screen's order index (contacts_name_order) and the total from a count
    // beside it: a window count over the filtered rows would sort the whole book for 25 of them.
    const [rows, counted] = await Promise.all([
      this.matching(userId, query)
        .select(...COLUMNS)
        .orderByRaw('name collate pt_br_natural, id')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize) as Promise<Record<string, unknown>[]>,
      this.matching(userId, query).count<{ n: string }[]>({ n: '*' }).first(),
    ]);
    return { items: rows.map(toContact), total: Number(counted?.n ?? 0), page: query.page, pageSize: query.pageSize };
  }

  /** The export's contacts (Exportar): the export itself goes to the audit log. */
  async all(userId: string, query: Pick<ContactQuery, 'q' | 'type' | 'kind' | 'status' | 'responsibleId'>): Promise<Contact[]> {
    await recordAuditEvent(this.knex, userId, { action: 'export', entity: 'contact', changes: { filter: query } });
    // A contact blocked by an erasure (LGPD) leaves only through its data subject's request.
    const rows = (await this.matching(userId, query)
      .whereNull('blockedAt')
      .select(...COLUMNS)
      .orderByRaw('name collate pt_br_natural, id')
      .limit(100_000)) as Record<string, unknown>[];
    return rows.map(toContact);
  }

  async get(userId: string, id: number): Promise<Contact & { notes: ContactNote[] }> {
    const row = (await this.contacts
      .of(userId)
      .byId(id)
      .first(...COLUMNS)) as Record<string, unknown> | undefined;
    if (!row) throw new HttpError(404, CONTACT_NOT_FOUND);
    const notes = await this.notes
      .of(userId)
      .rows()
      .where({ contactId: id })
      .orderBy([{ column: 'createdAt' }, { column: 'id' }])
      .select('id', 'content', 'createdAt');
    return {
      ...toContact(row),
      notes: notes.map((note) => ({ id: note.id, content: note.content, createdAt: note.createdAt.toISOString() })),
    };
  }

  /**
   * The contact as the API shows it, and where it stands with an erasure (the ficha's banner), in one
   * read: the ficha shows no notes.
   */
  async withStanding(userId: string, id: number): Promise<{ contact: Contact; standing: ContactStanding }> {
    const [row] = await preparedRead<Record<string, unknown> & ContactStanding>(
      this.knex,
      this.contacts
        .of(userId)
        .byId(id)
        .first(...COLUMNS, 'retainUntil', 'blockedAt', 'erasureRequestedAt'),
    );
    if (!row) throw new HttpError(404, CONTACT_NOT_FOUND);
    const { retainUntil, blockedAt, erasureRequestedAt } = row;
    return { contact: toContact(row), standing: { retainUntil, blockedAt, erasureRequestedAt } };
  }

  async create(userId: string, input: ContactCreateInput): Promise<Contact> {
    const { address, status: _status, responsibleId, ...fields } = input;
    // A transaction, so the account gate knows when this request started (Limpar Dados in between: 409).
    const [row] = await this.knex.transaction(async (trx) => {
      await assertNotColleaguesClient(trx, userId, input);
      return (await this.contacts
        .of(userId, trx)
        .insert({ ...fields, ...addressColumns(address), ...standingColumns(trx, input), ...(responsibleId ? { responsibleId } : {}) })
        .returning(COLUMNS)) as Record<string, unknown>[];
    });
    return toContact(row as Record<string, unknown>);
  }

  /**
   * The client is given to another member whole ("whose client it is"): their cards and open
   * tasks here, their policies with each one's renewal, claims and documents in finance — in the
   * edit's transaction, so a finance that does not answer leaves the client where it was.
   */
  private async moveClient(trx: Knex.Transaction, userId: string, contactId: number, to: string): Promise<void> {
    await this.cards.of(userId, trx).rows().where({ contactId }).update({ responsibleId: to });
    await this.tasks.of(userId, trx).rows().where({ contactId }).whereNull('doneAt').update({ responsibleId: to });
    await this.finance?.call(TEAM_OPERATIONS.financeClientTransfer, { params: { userId, contactId }, body: { to } });
  }

  /**
   * Clients chosen in Contatos given to another member at once, each whole as the ficha
   * moves one; all or none (an id the member cannot see is a 404 and nothing moves).
   */
  async reassign(userId: string, ids: readonly number[], to: string): Promise<{ moved: number }> {
    return this.knex.transaction(async (trx) => {
      const found = await this.contacts.of(userId, trx).rows().whereIn('id', ids).select('id');
      if (found.length !== ids.length) throw new HttpError(404, CONTACT_NOT_FOUND);
      await this.contacts.of(userId, trx).rows().whereIn('id', ids).update({ responsibleId: to, updatedAt: trx.fn.now() });
      for (const id of ids) await this.moveClient(trx, userId, id, to);
      return { moved: ids.length };
    });
  }

  /**
   * The edit-lead form: the contact's fields, and each new note appended with its date-time (the
   * notes table keeps when each was written). A lead whose card is archived is not editable.
   */
  async update(userId: string, id: number, input: ContactUpdateInput): Promise<Contact> {
    if (input.responsibleId !== undefined) assertMayReassign();
    await this.catalogues.verify(userId, { productId: input.productId, leadSourceId: input.leadSourceId });
    return this.knex.transaction(async (trx) => {
      const blocked = (await this.contacts.of(userId, trx).byId(id).first('blockedAt')) as { blockedAt: Date | null } | undefined;
      if (blocked?.blockedAt) throw new HttpError(409, BLOCKED);
      const { notes, address, status: _status, type: _type, cardId, ...fields } = input;
      // The card edited is archived, or (the spec's client names none) every card of the contact is.
      const cards = this.cards.of(userId, trx).rows().where({ contactId: id });
      const standing = await (cardId ? cards.clone().andWhere({ id: cardId }) : cards.clone()).select('status');
      if (cardId && standing.length === 0) throw new HttpError(404, CARD_NOT_FOUND, [{ path: 'cardId', message: CARD_NOT_FOUND }]);
      if (standing.length > 0 && standing.every((card) => card.status === 'archived')) throw new HttpError(409, ARCHIVED_CARD);
      const [row] = await this.contacts
        .of(userId, trx)
        .update(id, {
          ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
          ...(address ? addressColumns(address) : {}),
          // The contacts form names the kind: it keeps only its own documents.
          ...(input.kind === 'pj' ? { cpf: null, birthDate: null } : {}),
          ...(input.kind === 'pf' ? { cnpj: null, legalName: null, tradeName: null, contactPerson: null } : {}),
          ...standingColumns(trx, input),
          ...(notes.length > 0 ? { lastContact: trx.fn.now() } : {}),
          updatedAt: trx.fn.now(),
        })
        .returning(COLUMNS);
      if (!row) throw new HttpError(404, CONTACT_NOT_FOUND);
      if (input.responsibleId !== undefined) await this.moveClient(trx, userId, id, input.responsibleId);
      const sale = Object.fromEntries(
        (['productId', 'leadSourceId', 'annualPremium'] as const).flatMap((key) => (input[key] === undefined ? [] : [[key, input[key]]])),
      );
      if (Object.keys(sale).length > 0)
        await (cardId ? cards.clone().andWhere({ id: cardId }) : cards.clone()).andWhere({ status: 'active' }).update(sale);
      await warmContactCards(trx, userId, id);
      if (notes.length > 0) {
        // One statement; each note a microsecond apart so they read back in the order written.
        await trx.raw(
          `insert into notes (user_id, contact_id, content, created_at)
           select ?, ?, content, now() + (ordinality * interval '1 microsecond') from unnest(?::text[]) with ordinality as n(content, ordinality)`,
          [userId, id, notes],
        );
      }
      return toContact(row as Record<string, unknown>);
    });
  }
}
