import type { CardRef, ContactRef, PipelineStats } from '@corretora/contracts';
import { type BrokerScopedTable, notFound, recentActivity, readerOf } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

/**
 * What other services ask the pipeline: its share of the dashboard (newLeads = active cards in
 * 'leads' created in the last 30 days; totalLeads = cards on the board; totalClients = contacts
 * that are not prospects; its latest 'Atividade Recente' events), and whether a contact or a card
 * is the broker's (finance checks every id a claim or a document names).
 */
export class PipelineStatsService {
  private readonly cards: BrokerScopedTable;
  private readonly contacts: BrokerScopedTable;

  constructor(private readonly knex: Knex) {
    this.cards = tables.scoped(knex, 'pipeline_cards');
    this.contacts = tables.scoped(knex, 'contacts');
  }

  async figures(userId: string): Promise<PipelineStats> {
    // The figures and the events are independent reads: both at once.
    // The Painel may lag (a read replica), unless this session has just written (read-replica.ts in the kit).
    const reader = readerOf(this.knex);
    const [{ rows }, events] = await Promise.all([
      reader.raw<{ rows: { new_leads: number; total_leads: number; total_clients: number }[] }>(
        `select
           (select count(*)::int from ? where c.status = 'active' and c.stage_key = 'leads' and c.created_at > now() - interval '30 days') as new_leads,
           (select count(*)::int from ? where b.status in ('active', 'issued')) as total_leads,
           (select count(*)::int from ? where k.type <> 'prospect') as total_clients`,
        [this.cards.of(userId).from('c'), this.cards.of(userId).from('b'), this.contacts.of(userId).from('k')],
      ),
      recentActivity(reader, 'pipeline', userId),
    ]);
    const row = rows[0]!;
    return { newLeads: row.new_leads, totalLeads: row.total_leads, totalClients: row.total_clients, recentActivity: events };
  }

  async contact(userId: string, id: number): Promise<ContactRef> {
    const contact = (await this.contacts.of(userId).byId(id).first('id', 'name', 'blockedAt', 'email', 'phone')) as
      { id: number; name: string; blockedAt: Date | null; email: string | null; phone: string | null } | undefined;
    if (!contact) throw notFound();
    return { id: contact.id, name: contact.name, blocked: contact.blockedAt !== null, email: contact.email, phone: contact.phone };
  }

  /** A card another service asks after (finance's quotes): the acting member's scope applies, as on the board. */
  async card(userId: string, id: number): Promise<CardRef> {
    const card = (await this.cards.of(userId).byId(id).first('id', 'contactId', 'responsibleId', 'status', 'productId', 'insuredItem')) as
      CardRef | undefined;
    if (!card) throw notFound();
    return card;
  }

  /** The broker's contacts holding these CPFs/CNPJs, at most 20 per document (a statement line known by its client only). */
  async byDocument(userId: string, documents: readonly string[]): Promise<{ document: string; contactIds: number[] }[]> {
    if (documents.length === 0) return [];
    const wanted = [...new Set(documents)];
    const rows = (await this.contacts
      .of(userId)
      .rows()
      .andWhereRaw('(cpf = any(?) or cnpj = any(?))', [wanted, wanted])
      .orderBy('id')
      .select('id', 'cpf', 'cnpj')) as { id: number; cpf: string | null; cnpj: string | null }[];
    const byDocument = new Map<string, number[]>();
    for (const row of rows) {
      const document = row.cpf ?? row.cnpj!;
      const ids = byDocument.get(document) ?? [];
      if (ids.length < 20) ids.push(row.id);
      byDocument.set(document, ids);
    }
    return [...byDocument].map(([document, contactIds]) => ({ document, contactIds }));
  }
}
