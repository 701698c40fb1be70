import { randomInt } from 'node:crypto';
import {
  plateSearchKey,
  type InsuredItem,
  LINE_OF_POLICY_TYPE,
  policyTypeOfLine,
  DEFAULT_CHARGEBACK_STEPS,
  NOT_FOUND,
  cancellationMonth,
  chargebackPercent,
  formatMoney,
  formatPercent,
  wireToCents,
  type ChargebackStep,
  type ContactPolicySummary,
  type Policy,
  type PolicyDetail,
  type PolicyIssueInput,
  type PolicyNumberTaskRow,
  type PolicyNumbersInput,
  type PolicyQuery,
  type PolicyPageQuery,
  type ListPage,
  SAO_PAULO,
} from '@corretora/contracts';
import {
  BrokerScopedTable,
  HttpError,
  actingMemberId,
  assertMayReassign,
  recordAuditEvent,
  activityInsertSql,
  isUniqueViolation,
  recordActivity,
  readerOf,
} from '@corretora/service-kit';
import { tables } from '../../tables';
import { policyListSql, policyOnTheWire } from './policy-list-sql';
import { addMonths } from './instalment-math';
import { syncRenewals } from './renewal-sync';
import type { Knex } from 'knex';
import type { InstalmentPlans } from './instalment-plans';
import { ParticipantsService, type RepasseSync } from './policy-participants';
import {
  ISSUED_ON,
  NUMBER_REMIND_ON,
  POLICY_COLUMNS,
  POLICY_STATUS,
  TERMS_RECORD,
  TERM_COLUMNS,
  TODAY,
  termUpdates,
  termValues,
  type PolicyTerms,
} from './policy-sql';

export const POLICY_NOT_FOUND = NOT_FOUND.policy;

const NUMBER_TAKEN = 'Já existe uma apólice desta seguradora com este número.';
const NUMBER_CONSTRAINT = 'policies_user_insurer_number_unique';

/** A provisional number, PROV-<year>-<6 digits>, until the broker types the insurer's. */
function provisionalNumber(): string {
  return `PROV-${new Date().getFullYear()}-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export class PoliciesService {
  private readonly policies: BrokerScopedTable;
  private readonly documents: BrokerScopedTable;
  private readonly participants: ParticipantsService;

  constructor(
    private readonly knex: Knex,
    private readonly instalments: InstalmentPlans,
    /** An insurer's chargeback scale (the catalogues service); a deleted insurer's is the default. */
    private readonly chargebackSteps: (userId: string, insurerId: number) => Promise<readonly ChargebackStep[]>,
    /** The repasse ledger (wired by app.ts): a split edited re-syncs what the policy received. */
    repasse: RepasseSync,
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.documents = tables.scoped(knex, 'documents');
    this.participants = new ParticipantsService(knex, repasse);
  }

  async list(userId: string, query: PolicyQuery): Promise<Policy[]> {
    const { from, bindings, order } = policyListSql(this.policies.of(userId).from('p'), query);
    // Apólices may lag (a read replica), unless this session has just written (read-replica.ts in the kit).
    const { rows } = await readerOf(this.knex).raw<{ rows: Policy[] }>(`select ${POLICY_COLUMNS} from ${from} order by ${order}`, bindings);
    return rows.map(policyOnTheWire);
  }

  /** The same list a page at a time, and how many it holds (read side by side). */
  async page(userId: string, query: PolicyPageQuery): Promise<ListPage<Policy>> {
    const { from, bindings, order } = policyListSql(this.policies.of(userId).from('p'), query);
    const reader = readerOf(this.knex);
    const [{ rows }, counted] = await Promise.all([
      reader.raw<{ rows: Policy[] }>(`select ${POLICY_COLUMNS} from ${from} order by ${order} limit ? offset ?`, [
        ...bindings,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      ]),
      reader.raw<{ rows: { total: number }[] }>(`select count(*)::int as total from ${from}`, bindings),
    ]);
    return { items: rows.map(policyOnTheWire), total: counted.rows[0]!.total, page: query.page, pageSize: query.pageSize };
  }

  /** A contact's policies as a message names them (number, end of term, insurer, status as read). */
  async ofContact(userId: string, contactId: number): Promise<ContactPolicySummary[]> {
    const { rows } = await this.knex.raw<{ rows: ContactPolicySummary[] }>(
      `select p.id, p.policy_number as "policyNumber", p.awaiting_number as "awaitingNumber", p.renewal_date::text as "renewalDate", p.insurer_id as "insurerId", ${POLICY_STATUS} as status
         from ? where p.contact_id = ? order by p.renewal_date desc, p.id desc limit 100`,
      [this.policies.of(userId).from('p'), contactId],
    );
    return rows;
  }

  async byId(userId: string, id: number, trx: Knex | Knex.Transaction = this.knex): Promise<Policy | undefined> {
    const { rows } = await trx.raw<{ rows: Policy[] }>(`select ${POLICY_COLUMNS} from ? where p.id = ?`, [
      this.policies.of(userId, trx).from('p'),
      id,
    ]);
    const row = rows[0];
    return row && { ...row, createdAt: new Date(row.createdAt).toISOString() };
  }

  /** GET /api/policies/{id}: the policy with who its commission is split between. */
  async detail(userId: string, id: number, trx: Knex | Knex.Transaction = this.knex): Promise<PolicyDetail | undefined> {
    const policy = await this.byId(userId, id, trx);
    if (!policy) return undefined;
    const participants = await this.participants.of(userId, [policy], trx);
    return { ...policy, participants: participants.get(policy.id)! };
  }

  /**
   * Minhas tarefas: the active policies awaiting the insurer's number whose reminder is due by
   * `until` (a São Paulo day): from the day each was issued, or the day it was snoozed to.
   */
  async numberTasks(userId: string, until: string, contactId?: number): Promise<PolicyNumberTaskRow[]> {
    if (contactId === undefined) return this.numberTaskRows(userId, `${NUMBER_REMIND_ON} <= ?::date`, [until]);
    return this.numberTaskRows(userId, `p.contact_id = ? and ${NUMBER_REMIND_ON} <= ?::date`, [contactId, until]);
  }

  /** The reminder comes back on `until`'s São Paulo day; a policy no longer awaiting its number is no task (404). */
  async numberTaskSnooze(userId: string, id: number, until: string): Promise<PolicyNumberTaskRow> {
    const moved = await this.policies
      .of(userId)
      .byId(id)
      .andWhere({ awaitingNumber: true, status: 'active' })
      .update({ numberReminderOn: this.knex.raw(`(?::timestamptz at time zone '${SAO_PAULO}')::date`, [until]) });
    if (moved === 0) throw new HttpError(404, NOT_FOUND.task);
    return (await this.numberTaskRows(userId, 'p.id = ?', [id]))[0]!;
  }

  /** The active policies awaiting their number matching `condition` (over p), by `tail` (the soonest reminder first without one). */
  async numberTaskRows(
    userId: string,
    condition: string,
    bindings: readonly Knex.Value[],
    tail: { sql: string; bindings: readonly Knex.Value[] } = { sql: `order by ${NUMBER_REMIND_ON}, p.id`, bindings: [] },
  ): Promise<PolicyNumberTaskRow[]> {
    const { rows } = await this.knex.raw<{ rows: PolicyNumberTaskRow[] }>(
      `select p.id, p.policy_number as "policyNumber", p.contact_id as "contactId", p.contact_name as "contactName",
              ${ISSUED_ON}::text as "issuedOn", ${NUMBER_REMIND_ON}::text as "remindOn"
         from ? where p.awaiting_number and p.status = 'active' and ${condition}
        ${tail.sql}`,
      [this.policies.of(userId).from('p'), ...bindings, ...tail.bindings],
    );
    return rows;
  }

  /**
   * PATCH /api/policies/{id}: the insurer's policy number (the policy no longer awaits it) and the
   * proposal's, at any time; a number another of the brokerage's policies holds is a 409 on the
   * field. A change of the policy number is recorded on the policy's history ('Atividade Recente').
   * Everything that names the policy reads its number from here (claims, renewals, statements,
   * messages, exports), so the new one shows everywhere at once.
   */
  /** The policies' CSV went out: the audit log keeps who took it. */
  async exported(userId: string): Promise<void> {
    await recordAuditEvent(this.knex, userId, { action: 'export', entity: 'policy' });
  }

  async updateNumbers(userId: string, id: number, input: PolicyNumbersInput): Promise<PolicyDetail> {
    // Who is responsible for a policy, and who shares its commission, are the managers' to say.
    if (input.responsibleId !== undefined || input.participants !== undefined) assertMayReassign();
    try {
      await this.knex.transaction(async (trx) => {
        const current = (await this.policies.of(userId, trx).byId(id).forUpdate().first('policyNumber', 'awaitingNumber', 'contactId')) as
          { policyNumber: string; awaitingNumber: boolean; contactId: number | null } | undefined;
        if (!current) throw new HttpError(404, POLICY_NOT_FOUND);
        const changes: Record<string, unknown> = {};
        if (input.proposalNumber !== undefined) changes.proposalNumber = input.proposalNumber;
        if (input.responsibleId !== undefined) changes.responsibleId = input.responsibleId;
        const numberChanged = input.policyNumber !== undefined && input.policyNumber !== current.policyNumber;
        if (input.policyNumber !== undefined) Object.assign(changes, { policyNumber: input.policyNumber, awaitingNumber: false });
        await this.policies
          .of(userId, trx)
          .byId(id)
          .update({ ...changes, updatedAt: trx.fn.now() });
        // The policy's renewal, claims and documents go with it to the member now responsible.
        if (input.responsibleId !== undefined)
          for (const table of ['renewals', 'claims', 'documents'])
            await new BrokerScopedTable(trx, table)
              .of(userId, trx)
              .rows()
              .where({ policyId: id })
              .update({ responsibleId: input.responsibleId });
        if (input.participants !== undefined) await this.participants.replace(trx, userId, id, input.participants);
        if (numberChanged)
          await recordActivity(trx, userId, {
            type: 'policy_number_set',
            subject: input.policyNumber!,
            detail: current.awaitingNumber ? `antes aguardando (${current.policyNumber})` : `antes ${current.policyNumber}`,
            contactId: current.contactId,
          });
      });
    } catch (error) {
      if (!isUniqueViolation(error, NUMBER_CONSTRAINT)) throw error;
      throw new HttpError(409, NUMBER_TAKEN, [{ path: 'policyNumber', message: NUMBER_TAKEN }]);
    }
    return (await this.detail(userId, id))!;
  }

  /**
   * active → cancelled, by the broker. An expired or cancelled policy stays as it is (409). The
   * chargeback its insurer will take is computed now: the scale's percent for the month of the
   * policy the cancellation falls in (contracts' cancellationMonth), on the commission of the
   * instalments already due, rounded half up to the cent; recorded in 'Atividade Recente'.
   */
  async cancel(userId: string, id: number): Promise<Policy> {
    const before = await this.byId(userId, id);
    if (!before) throw new HttpError(404, POLICY_NOT_FOUND);
    const steps = before.insurerId === null ? DEFAULT_CHARGEBACK_STEPS : await this.chargebackSteps(userId, before.insurerId);
    const updated = await this.knex.transaction(async (trx) => {
      const today = (await trx.raw<{ rows: { today: string }[] }>(`select ${TODAY}::text as today`)).rows[0]!.today;
      const start = before.startDate ?? addMonths(before.renewalDate, -12);
      const percent = chargebackPercent(steps, cancellationMonth(start, today));
      const rows = (await this.policies
        .of(userId, trx)
        .byId(id)
        .andWhere({ status: 'active' })
        .andWhereRaw(`renewal_date >= ${TODAY}`)
        .update({
          status: 'cancelled',
          updatedAt: trx.fn.now(),
          cancelledOn: trx.raw(TODAY),
          chargebackPercent: percent.toFixed(2),
          chargebackExpected: trx.raw(
            `round(coalesce((select sum(i.expected_commission) from policy_instalments i where i.policy_id = policies.id and i.due_date <= ${TODAY}), 0) * ?::numeric / 100, 2)`,
            [percent.toFixed(2)],
          ),
        })
        .returning(['policyNumber', 'contactId', trx.raw('chargeback_expected::text as "chargebackExpected"')])) as {
        policyNumber: string;
        contactId: number | null;
        chargebackExpected: string;
      }[];
      const row = rows[0];
      if (row) await syncRenewals(trx, userId, [id]);
      if (row && row.chargebackExpected !== '0.00')
        await recordActivity(trx, userId, {
          type: 'policy_chargeback',
          subject: row.policyNumber,
          detail: `Estorno previsto de ${formatMoney(wireToCents(row.chargebackExpected))} (${formatPercent(Math.round(percent * 100))})`,
          contactId: row.contactId,
        });
      return rows.length;
    });
    const policy = (await this.byId(userId, id))!;
    if (updated === 0)
      throw new HttpError(
        409,
        policy.status === 'cancelled' ? 'Esta apólice já está cancelada.' : 'Uma apólice vencida não pode ser cancelada.',
      );
    return policy;
  }

  /**
   * The policy of a finalized card (type from the card's product, premium = totalPremium, net premium = prêmio líquido, renewal = end date, commission as sold, active). Idempotent by the
   * card (unique (user_id, card_id)): the pipeline asks only while the card is locked and not yet
   * issued, so when the policy already exists an earlier attempt stopped before the card was marked,
   * and the sale sent now (what the card holds) replaces its figures; a provisional number stays, a
   * typed one replaces it. The event is recorded once, when the policy is new. The card's attached
   * PDFs are linked to it either way.
   */
  /** What the policy insures and the quote it came from: only a quote of this very deal is linked. */
  private async insuredOf(userId: string, input: PolicyIssueInput): Promise<Record<string, unknown>> {
    const quote =
      input.quoteId === null
        ? undefined
        : ((await tables
            .scoped(this.knex, 'quotes')
            .of(userId)
            .byId(input.quoteId)
            .andWhere({ cardId: input.cardId })
            .first('id', 'insuredItem')) as { id: number; insuredItem: InsuredItem | null } | undefined);
    const item = input.insuredItem ?? quote?.insuredItem ?? null;
    return {
      quoteId: quote?.id ?? null,
      insuredItem: item === null ? null : JSON.stringify(item),
      insuredPlate: item?.vehicle?.plate ? plateSearchKey(item.vehicle.plate) : null,
    };
  }

  async issue(userId: string, input: PolicyIssueInput): Promise<Policy> {
    // The product's line; a pipeline of before lines sends only the type.
    const line = input.line ?? LINE_OF_POLICY_TYPE[input.type];
    const commission =
      input.commissionPercentage !== null
        ? { commissionType: 'percentage' as const, commissionValue: wireToCents(input.commissionPercentage)! }
        : input.commissionAmount !== null
          ? { commissionType: 'fixed' as const, commissionValue: wireToCents(input.commissionAmount)! }
          : { commissionType: 'percentage' as const, commissionValue: 0 };
    // The sale's terms under their own names (the input's figures are the policy's, in cents).
    const terms = { ...input, ...commission, status: 'active' } satisfies PolicyTerms;
    let id: number | undefined;
    for (let attempt = 0; id === undefined; attempt += 1) {
      try {
        const { rows } = await this.knex.raw<{ rows: { id: number }[] }>(
          // The 'Atividade Recente' event is written by the same statement, only when the policy is new.
          `with p as (insert into policies (user_id, card_id, type, line, policy_number, awaiting_number, ${TERM_COLUMNS}, responsible_id)
             select ?, ?, ?, ?, ?, not ?::boolean, ${termValues('i')}, ?::uuid from jsonb_to_record(?::jsonb) as i(${TERMS_RECORD})
             on conflict (user_id, card_id) do update set type = excluded.type, line = excluded.line, ${termUpdates(['status'])},
               policy_number = case when ?::boolean then excluded.policy_number else policies.policy_number end,
               awaiting_number = case when ?::boolean then false else policies.awaiting_number end
             returning id, user_id, contact_id, policy_number, responsible_id, xmax = 0 as inserted),
           a as (${activityInsertSql({ from: 'p', userId: 'p.user_id', subject: 'p.policy_number', contactId: 'p.contact_id', memberId: 'p.responsible_id', where: 'p.inserted' })})
           select id from p`,
          [
            userId,
            input.cardId,
            policyTypeOfLine(line),
            line,
            input.policyNumber ?? provisionalNumber(),
            input.policyNumber !== null,
            input.responsibleId ?? actingMemberId(),
            JSON.stringify(terms),
            input.policyNumber !== null,
            input.policyNumber !== null,
            'policy_issued',
            input.contactName,
          ],
        );
        id = rows[0]!.id;
      } catch (error) {
        if (!isUniqueViolation(error, NUMBER_CONSTRAINT)) throw error;
        // A number the broker typed is theirs to fix; a provisional one that collided is drawn again.
        if (input.policyNumber !== null || attempt >= 5)
          throw new HttpError(409, NUMBER_TAKEN, [{ path: 'policyNumber', message: NUMBER_TAKEN }]);
      }
    }
    await this.documents.of(userId).rows().where({ cardId: input.cardId }).whereNull('policyId').update({ policyId: id });
    await this.policies
      .of(userId)
      .byId(id)
      .update(await this.insuredOf(userId, input));
    // Its instalments: à vista unless the broker set a plan (a retry keeps it, with the sale's figures).
    const policyId = id;
    const { participants } = input;
    await this.knex.transaction(async (trx) => {
      await this.instalments.replan(trx, userId, [policyId]);
      // The split the issuer named (a retry names it again: replaced, never doubled).
      if (participants) await this.participants.replace(trx, userId, policyId, participants);
    });
    return (await this.byId(userId, id))!;
  }
}
