import {
  FINANCE_OPERATIONS,
  UPCOMING_DAYS,
  addDaysToDay,
  saoPauloDay,
  type ContactFinanceOverview,
  type ContactOverview,
  type NextActionType,
  type ReferenceData,
  type StageKey,
} from '@corretora/contracts';
import { type BrokerScopedTable, type InternalClient } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import type { RelationshipService } from '../relationship/relationship.service';
import type { TasksService } from '../tasks/tasks.service';
import type { ContactsService } from './contacts.service';

const isoDay = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));
const NO_FINANCE: ContactFinanceOverview = { policies: [], instalments: [], claims: [], documents: [], renewals: [] };
/** The ficha shows the tasks of the next 30 days (and every late one). */
const TASK_DAYS = Math.max(30, UPCOMING_DAYS);

/**
 * The ficha do cliente in one request: the contact (404 when it is not the broker's, before
 * anything else is read), their open cards, tasks and last timeline entries here, and what finance
 * knows of them (policies, open instalments, claims, documents, renewals), asked in parallel. Finance
 * down: its lists are empty and `unavailable` says so; the rest of the page still answers.
 */
export class ContactOverviewService {
  private readonly cards: BrokerScopedTable;
  private readonly contactRows: BrokerScopedTable;

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
    this.contactRows = tables.scoped(knex, 'contacts');
  }

  async of(userId: string, contactId: number): Promise<ContactOverview> {
    const { notes: _notes, ...contact } = await this.contacts.get(userId, contactId);
    const until = addDaysToDay(saoPauloDay(this.now()), TASK_DAYS);
    const [cards, tasks, timeline, finance, reference, retention] = await Promise.all([
      this.cards
        .of(userId)
        .rows()
        .where({ contactId, status: 'active' })
        .orderBy('id')
        .select('id', 'stageKey', 'stageEnteredAt', 'nextActionAt', 'nextActionType') as Promise<
        { id: number; stageKey: StageKey; stageEnteredAt: Date; nextActionAt: Date | null; nextActionType: NextActionType | null }[]
      >,
      this.tasks.dueBy(userId, until, contactId),
      this.relationship.timelineOf(userId, contactId, 10),
      this.financeOf(userId, contactId),
      this.reference(userId),
      this.contactRows.of(userId).byId(contactId).first('retainUntil', 'blockedAt', 'erasureRequestedAt') as Promise<
        { retainUntil: string | Date | null; blockedAt: Date | null; erasureRequestedAt: Date | null } | undefined
      >,
    ]);
    const stageName = (key: StageKey) => reference.pipelineStages.find((stage) => stage.key === key)?.name ?? key;
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
      timeline: timeline.entries,
      ...(finance ?? NO_FINANCE),
      unavailable: finance ? [] : ['finance'],
      blockedUntil: retention?.blockedAt && retention.retainUntil ? isoDay(retention.retainUntil) : null,
      erasureRequestedOn:
        retention?.erasureRequestedAt && !retention.blockedAt ? saoPauloDay(new Date(retention.erasureRequestedAt)) : null,
    };
  }

  private async financeOf(userId: string, contactId: number): Promise<ContactFinanceOverview | null> {
    if (!this.finance) return NO_FINANCE;
    try {
      return await this.finance.call(FINANCE_OPERATIONS.contactOverview, { params: { userId, id: contactId } });
    } catch {
      return null;
    }
  }
}
