import {
  FINANCE_OPERATIONS,
  SEARCH_LIMIT,
  plateSearchKey,
  takeInTurn,
  type FinanceSearchResults,
  type ReferenceData,
  type SearchClient,
  type SearchResults,
  type StageKey,
} from '@corretora/contracts';
import { type BrokerScopedTable, type InternalClient, readerOf } from '@corretora/service-kit';
import { tables } from '../../tables';
import { contactMatching } from './contact-matching';
import type { Knex } from 'knex';

/**
 * The top bar's search, within the broker's scope: clients by name or e-mail (accents
 * and case ignored), CPF, CNPJ or phone as typed with or without the mask (all of it one
 * `search_text`, under a trigram index); the open
 * cards of those clients (and of a vehicle, by its plate); and what finance finds (policies and claims by number, policies by plate), asked in
 * parallel. At most SEARCH_LIMIT results, the groups taking turns.
 */
export class SearchService {
  private readonly contacts: BrokerScopedTable;
  private readonly cards: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly finance: InternalClient | null,
    private readonly reference: (userId: string) => Promise<ReferenceData>,
  ) {
    this.contacts = tables.scoped(knex, 'contacts');
    this.cards = tables.scoped(knex, 'pipeline_cards');
  }

  async find(userId: string, q: string): Promise<SearchResults> {
    const matching = contactMatching(q);
    // A plate as typed (ABC-1234, abc1d23): the deals insuring that vehicle, its old or Mercosul form alike.
    const plate = plateSearchKey(q);
    const [clients, cards, finance] = await Promise.all([
      readerOf(this.knex).raw<{ rows: SearchClient[] }>(
        `select c.id, c.name, c.kind, coalesce(c.cpf, c.cnpj) as document, c.phone, c.email, c.type <> 'prospect' as client,
                case when c.blocked_at is null then null else to_char(c.retain_until, 'YYYY-MM-DD') end as "blockedUntil"
           from ? where ${matching.where} or c.id = any(array(select p.contact_id from ? where p.insured_plate = ?))
          order by ${matching.starts} desc, c.search_text collate "C", c.id limit ${SEARCH_LIMIT}`,
        [this.contacts.of(userId).from('c'), ...matching.bindings, this.cards.of(userId).from('p'), plate, ...matching.startsBindings],
      ),
      readerOf(this.knex).raw<{ rows: { id: number; contactId: number; contactName: string; stageKey: StageKey }[] }>(
        `select k.id, k.contact_id as "contactId", c.name as "contactName", k.stage_key as "stageKey"
           from ? join ? on c.id = k.contact_id
          where k.status = 'active' and (k.insured_plate = ? or ${matching.where})
          order by k.insured_plate = ? desc, ${matching.starts} desc, k.id desc limit ${SEARCH_LIMIT}`,
        [
          this.cards.of(userId).from('k'),
          this.contacts.of(userId).from('c'),
          plate,
          ...matching.bindings,
          plate,
          ...matching.startsBindings,
        ],
      ),
      this.financeOf(userId, q),
    ]);
    const stages = cards.rows.length > 0 ? (await this.reference(userId)).pipelineStages : [];
    const found = takeInTurn(
      {
        clients: clients.rows,
        policies: finance?.policies ?? [],
        claims: finance?.claims ?? [],
        cards: cards.rows.map(({ stageKey, ...card }) => ({
          ...card,
          stageName: stages.find((stage) => stage.key === stageKey)?.name ?? stageKey,
        })),
      },
      SEARCH_LIMIT,
    );
    return { ...found, unavailable: finance ? [] : ['finance'] };
  }

  private async financeOf(userId: string, q: string): Promise<FinanceSearchResults | null> {
    if (!this.finance) return { policies: [], claims: [] };
    try {
      return await this.finance.call(FINANCE_OPERATIONS.search, { params: { userId }, query: { q } });
    } catch {
      return null;
    }
  }
}
