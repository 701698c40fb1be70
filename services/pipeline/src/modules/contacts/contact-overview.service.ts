import {
  FINANCE_OPERATIONS,
  UPCOMING_DAYS,
  addDaysToDay,
  saoPauloDay,
  type ContactFinanceFicha,
  type ContactFinanceOverview,
  type ContactOverview,
  type NextActionType,
  type ReferenceData,
  type StageKey,
} from '@corretora/contracts';
import { preparedRead, readsSettled, type BrokerScopedTable, type InternalClient } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import type { RelationshipService } from '../relationship/relationship.service';
import type { TasksService } from '../tasks/tasks.service';
import type { ContactsService } from './contacts.service';

const isoDay = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));
const NO_FINANCE: ContactFinanceOverview = { policies: [], instalments: [], claims: [], documents: [], renewals: [] };
const NO_TASKS: ContactFinanceFicha['tasks'] = { renewals: [], awaiting: [] };
/** The ficha shows the tasks of the next 30 days (and every late one). */
const TASK_DAYS = Math.max(30, UPCOMING_DAYS);

/**
 * The ficha do cliente in one request: the contact (404 when it is not the member's), their open
 * cards, tasks and last timeline entries here, and what finance knows of them (policies, open
 * instalments, claims, documents, renewals, and the renewals and policies that are tasks) in one
 * internal call, all asked in parallel. Finance down: its lists are empty and `unavailable` says so;
 * the rest of the page still answers.
 */
export class ContactOverviewService {
  private readonly cards: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly contacts: ContactsService,
    private readonly relationship: RelationshipService,
    private readonly tasks: TasksService,
    private readonly finance: InternalClient | null,
    private readonly reference: (userId: string) => Promise<ReferenceData>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.cards = tables.scoped(knex, 'pipeline_cards');
  }

  async of(userId: string, contactId: number): Promise<ContactOverview> {
    const until = addDaysToDay(saoPauloDay(this.now()), TASK_DAYS);
    // Everything at once: each read is the member's scope, so another's contact reads nothing, and the
    // contact's 404 (the first to answer for an id not theirs) drops the rest unseen.
    const finance = this.financeOf(userId, contactId, until);
    // Every read ends before the answer, a 404 too: nothing of a request runs on after it (or past a
    // shutdown); each runs once (a knex builder awaited twice would run twice).
    const [{ contact, standing }, cards, tasks, timeline, ficha] = await readsSettled([
      this.contacts.withStanding(userId, contactId),
      preparedRead<{
        id: number;
        stageKey: StageKey;
        stageEnteredAt: Date;
        nextActionAt: Date | null;
        nextActionType: NextActionType | null;
      }>(
        this.knex,
        this.cards
          .of(userId)
          .rows()
          .where({ contactId, status: 'active' })
          .orderBy('id')
          .select('id', 'stageKey', 'stageEnteredAt', 'nextActionAt', 'nextActionType'),
      ),
      this.tasks.dueBy(
        userId,
        until,
        contactId,
        finance.then((answer) => answer?.tasks ?? NO_TASKS),
      ),
      this.relationship.entriesOf(userId, contactId, 10),
      finance,
    ]);
    // The stages' names only for a client with an open card (most have none): no catalogue call otherwise.
    const stages = cards.length > 0 ? (await this.reference(userId)).pipelineStages : [];
    const stageName = (key: StageKey) => stages.find((stage) => stage.key === key)?.name ?? key;
    return {
      contact,
      cards: cards.map((card) => ({
        id: card.id,
        stageKey: card.stageKey,
        stageName: stageName(card.stageKey),
        stageEnteredAt: new Date(card.stageEnteredAt).toISOString(),
        nextAction:
          card.nextActionAt && card.nextActionType ? { dueAt: new Date(card.nextActionAt).toISOString(), type: card.nextActionType } : null,
      })),
      tasks,
      timeline,
      ...(ficha?.overview ?? NO_FINANCE),
      unavailable: ficha ? [] : ['finance'],
      blockedUntil: standing.blockedAt && standing.retainUntil ? isoDay(standing.retainUntil) : null,
      erasureRequestedOn: standing.erasureRequestedAt && !standing.blockedAt ? saoPauloDay(new Date(standing.erasureRequestedAt)) : null,
    };
  }

  /** Finance's part in one call (null: finance did not answer). */
  private async financeOf(userId: string, contactId: number, until: string): Promise<ContactFinanceFicha | null> {
    if (!this.finance) return { overview: NO_FINANCE, tasks: NO_TASKS };
    try {
      return await this.finance.call(FINANCE_OPERATIONS.contactFicha, { params: { userId, id: contactId }, query: { until } });
    } catch {
      return null;
    }
  }
}
