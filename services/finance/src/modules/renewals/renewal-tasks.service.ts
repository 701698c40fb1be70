import { NOT_FOUND, RENEWAL_TASK_LEAD_DAYS, type RenewalTaskRow, type TaskOwner, SAO_PAULO } from '@corretora/contracts';
import { type BrokerScopedTable, HttpError } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { NUMBER_REMIND_ON } from '../policies/policy-sql';
import { nextActionOf, type NextActionRow } from './next-action';

const NO_ACTION_TO_FINISH = 'Esta renovação não tem próxima ação: registre o resultado (renovada ou perdida) em Apólices > Renovações.';
/**
 * An open renewal is work by a day (two `?`: the day): its next action is due by then, or it has
 * none and by then the policy is within RENEWAL_TASK_LEAD_DAYS of its end (D-30).
 */
const RENEWAL_TASK_DUE = `((r.next_action_at is not null and (r.next_action_at at time zone '${SAO_PAULO}')::date <= ?::date)
  or (r.next_action_at is null and r.due_date - ${RENEWAL_TASK_LEAD_DAYS} <= ?::date))`;

/**
 * Renewals as Minhas tarefas and the daily digest see them: the open ones that are work
 * by a day, done (next action cleared) and snoozed. The pipeline asks, on the internal listener.
 */
export class RenewalTasksService {
  private readonly policies: BrokerScopedTable;
  private readonly renewals: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    /** Writes the broker's renewal items that are due (RenewalsService.ensure). */
    private readonly ensure: (userId: string, contactId?: number) => Promise<number>,
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.renewals = tables.scoped(knex, 'renewals');
  }

  /** The open renewals that are work by `until` (a São Paulo day): a next action due by then, or none and ending by then. */
  async tasksFor(userId: string, until: string, contactId?: number): Promise<RenewalTaskRow[]> {
    await this.ensure(userId, contactId);
    if (contactId === undefined) return this.taskRows(userId, RENEWAL_TASK_DUE, [until, until]);
    return (await this.contactRows(userId, contactId, until)).filter((row) => row.due).map(({ due: _due, ...row }) => row);
  }

  /**
   * One client's open renewals, the soonest end first, each saying whether it is work by `until` (the
   * ficha lists them all and counts those among its tasks: one read), as they stand (the caller has
   * ensured their items).
   */
  async contactRows(userId: string, contactId: number, until: string): Promise<(RenewalTaskRow & { due: boolean })[]> {
    return (await this.taskRows(userId, 'p.contact_id = ?', [contactId], undefined, until)) as (RenewalTaskRow & { due: boolean })[];
  }

  /**
   * The open renewals matching `condition` (over r and its policy p), by `tail` (the soonest end first
   * without one); with `dueBy`, each says whether it is work by that day (`due`).
   */
  async taskRows(
    userId: string,
    condition: string,
    bindings: readonly Knex.Value[],
    tail: { sql: string; bindings: readonly Knex.Value[] } = { sql: 'order by r.due_date, r.id', bindings: [] },
    dueBy?: string,
  ): Promise<RenewalTaskRow[]> {
    const { rows } = await this.knex.raw<{
      rows: (Omit<RenewalTaskRow, 'nextAction'> & NextActionRow)[];
    }>(
      `select r.id, p.id as "policyId", p.policy_number as "policyNumber", p.contact_id as "contactId", p.contact_name as "contactName",
              r.due_date::text as "renewalDate", r.next_action_at as "nextActionAt", r.next_action_type as "nextActionType",
              r.next_action_note as "nextActionNote"${dueBy === undefined ? '' : `, ${RENEWAL_TASK_DUE} as due`}
         from ? join ? on p.id = r.policy_id
        where r.status = 'open' and ${condition}
        ${tail.sql}`,
      [
        ...(dueBy === undefined ? [] : [dueBy, dueBy]),
        this.renewals.of(userId).from('r'),
        this.policies.of(userId).from('p'),
        ...bindings,
        ...tail.bindings,
      ],
    );
    return rows.map(({ nextActionAt, nextActionType, nextActionNote, ...row }) => ({
      ...row,
      nextAction: nextActionOf({ nextActionAt, nextActionType, nextActionNote }),
    }));
  }

  /**
   * The members (of each brokerage) with a renewal, or a policy awaiting its number, that is work by `until` (the
   * digest's recipients; the hourly sweep keeps the items written).
   */
  async taskOwners(until: string): Promise<TaskOwner[]> {
    const { rows } = await this.knex.raw<{ rows: TaskOwner[] }>(
      `select r.user_id as "userId", r.responsible_id as "memberId" from renewals r where r.status = 'open' and ${RENEWAL_TASK_DUE}
       union
       select p.user_id, p.responsible_id from policies p
        where p.awaiting_number and p.status = 'active'
          and ${NUMBER_REMIND_ON} <= ?::date`,
      [until, until, until],
    );
    return rows;
  }

  /** A renewal's next action done: cleared. A renewal without one is done by recording its outcome (409). */
  async taskDone(userId: string, renewalId: number): Promise<void> {
    const cleared = await this.renewals
      .of(userId)
      .byId(renewalId)
      .andWhere({ status: 'open' })
      .whereNotNull('next_action_at')
      .update({ nextActionAt: null, nextActionType: null, nextActionNote: null });
    if (cleared > 0) return;
    const open = await this.renewals.of(userId).byId(renewalId).andWhere({ status: 'open' }).first('id');
    if (!open) throw new HttpError(404, NOT_FOUND.task);
    throw new HttpError(409, NO_ACTION_TO_FINISH);
  }

  /** A renewal's task comes back at `until`: its next action moves there (one without gets a call). */
  async taskSnooze(userId: string, renewalId: number, until: string): Promise<RenewalTaskRow> {
    const moved = await this.renewals
      .of(userId)
      .byId(renewalId)
      .andWhere({ status: 'open' })
      .update({ nextActionAt: new Date(until), nextActionType: this.knex.raw("coalesce(next_action_type, 'ligar')") });
    if (moved === 0) throw new HttpError(404, NOT_FOUND.task);
    const [task] = await this.taskRows(userId, 'r.id = ?', [renewalId]);
    if (!task) throw new HttpError(404, NOT_FOUND.task);
    return task;
  }
}
