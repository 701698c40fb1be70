import {
  ACTIVE_CLAIM_STATUSES,
  NOT_FOUND,
  CLAIM_STATUS_LABELS,
  CLAIM_TRANSITIONS,
  CLAIM_STATUSES,
  centsToWire,
  type Claim,
  type ClaimInput,
  type ClaimStatus,
  SAO_PAULO,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, actingMemberId, recordActivity } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import type { PipelineLookup } from '../pipeline/pipeline-lookup';

export const CLAIM_NOT_FOUND = NOT_FOUND.claim;
const POLICY_MISSING = 'Apólice não encontrada.';
const CLOSED_CLAIM = 'Um sinistro fechado não pode ser editado.';

const CLAIM_COLUMNS = `c.id, c.claim_id as "claimId", c.contact_id as "contactId", c.contact_name as "contactName", c.policy_id as "policyId",
  p.policy_number as "policyNumber", coalesce(p.awaiting_number, false) as "policyAwaitingNumber", p.insurer_id as "insurerId", p.insured_item as "insuredItem", c.type, c.status, c.amount::text as amount, c.description,
  c.occurred_at::text as "occurredAt", c.insurer_claim_number as "insurerClaimNumber", c.date_filed as "dateFiled", c.updated_at as "updatedAt"`;
/** The broker's claims and, for the number, their policies: both tables through the broker's scope. */
const FROM = 'from ? left join ? on p.id = c.policy_id';

type ClaimRow = Omit<Claim, 'dateFiled' | 'updatedAt'> & { dateFiled: Date; updatedAt: Date };
const toClaim = (row: ClaimRow): Claim => ({ ...row, dateFiled: row.dateFiled.toISOString(), updatedAt: row.updatedAt.toISOString() });

/** The statuses a claim may come from to reach `target` (the transition table read backwards). */
function sourcesOf(target: ClaimStatus): ClaimStatus[] {
  return CLAIM_STATUSES.filter((from) => CLAIM_TRANSITIONS[from].includes(target));
}

export class ClaimsService {
  private readonly claims: BrokerScopedTable;
  private readonly policies: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly pipeline: PipelineLookup,
  ) {
    this.claims = tables.scoped(knex, 'claims');
    this.policies = tables.scoped(knex, 'policies');
  }

  /** The FROM of a claim read, its tables scoped to the broker. */
  private scoped(userId: string): Knex.Raw[] {
    return [this.claims.of(userId).from('c'), this.policies.of(userId).from('p')];
  }

  async list(userId: string, status: ClaimStatus | 'all'): Promise<{ items: Claim[]; activeCount: number }> {
    const filter = status === 'all' ? '' : ' and c.status = ?';
    const [{ rows }, activeCount] = await Promise.all([
      this.knex.raw<{ rows: ClaimRow[] }>(`select ${CLAIM_COLUMNS} ${FROM} where true${filter} order by c.date_filed desc, c.id desc`, [
        ...this.scoped(userId),
        ...(status === 'all' ? [] : [status]),
      ]),
      this.activeCount(userId),
    ]);
    return { items: rows.map(toClaim), activeCount };
  }

  private async activeCount(userId: string): Promise<number> {
    const row = await this.claims
      .of(userId)
      .rows()
      .whereIn('status', ACTIVE_CLAIM_STATUSES as ClaimStatus[])
      .count<{ count: string }[]>('* as count');
    return Number(row[0]?.count ?? 0);
  }

  async byId(userId: string, id: number): Promise<Claim | undefined> {
    const { rows } = await this.knex.raw<{ rows: ClaimRow[] }>(`select ${CLAIM_COLUMNS} ${FROM} where c.id = ?`, [
      ...this.scoped(userId),
      id,
    ]);
    return rows[0] && toClaim(rows[0]);
  }

  /** The contact must be the broker's (pipeline service) and the policy, when named, theirs and that contact's. */
  private async references(userId: string, input: ClaimInput): Promise<{ contactName: string }> {
    const contact = await this.pipeline.contact(userId, input.contactId);
    if (input.policyId !== null) {
      const policy = await this.policies.of(userId).byId(input.policyId).first('contactId');
      if (!policy) throw new HttpError(400, POLICY_MISSING, [{ path: 'policyId', message: POLICY_MISSING }]);
      if (policy.contactId !== null && policy.contactId !== input.contactId) {
        const message = 'Esta apólice é de outro cliente.';
        throw new HttpError(400, message, [{ path: 'policyId', message }]);
      }
    }
    return { contactName: contact.name };
  }

  async create(userId: string, input: ClaimInput): Promise<Claim> {
    const { contactName } = await this.references(userId, input);
    // The brokerage's next number of the year (São Paulo's), in the insert's transaction: the
    // counter's row lock orders parallel claims, and the account gate knows when this request began.
    const { rows } = await this.knex.transaction((trx) =>
      trx.raw<{ rows: { id: number }[] }>(
        `with n as (
           insert into claim_number_counters (user_id, year, last_number)
           values (?, extract(year from now() at time zone '${SAO_PAULO}')::int, 1)
           on conflict (user_id, year) do update set last_number = claim_number_counters.last_number + 1
           returning year, last_number)
         insert into claims (user_id, contact_id, contact_name, policy_id, claim_id, type, amount, description, occurred_at, insurer_claim_number, responsible_id)
         select ?, ?, ?, ?, 'SIN-' || n.year || '-' || lpad(n.last_number::text, 6, '0'), ?, ?, ?, ?, ?, ?::uuid from n returning id`,
        [
          userId,
          userId,
          input.contactId,
          contactName,
          input.policyId,
          input.type,
          centsToWire(input.amount),
          input.description,
          input.occurredAt,
          input.insurerClaimNumber,
          actingMemberId(),
        ],
      ),
    );
    return (await this.byId(userId, rows[0]!.id))!;
  }

  async update(userId: string, id: number, input: ClaimInput): Promise<Claim> {
    const current = await this.byId(userId, id);
    if (!current) throw new HttpError(404, CLAIM_NOT_FOUND);
    if (current.status === 'closed') throw new HttpError(409, CLOSED_CLAIM);
    const { contactName } = await this.references(userId, input);
    const updated = await this.claims
      .of(userId)
      .byId(id)
      .whereNot({ status: 'closed' })
      .update({
        contactId: input.contactId,
        contactName,
        policyId: input.policyId,
        type: input.type,
        amount: centsToWire(input.amount),
        description: input.description,
        occurredAt: input.occurredAt,
        insurerClaimNumber: input.insurerClaimNumber,
        updatedAt: this.knex.fn.now(),
      });
    if (updated === 0) throw new HttpError(409, CLOSED_CLAIM);
    return (await this.byId(userId, id))!;
  }

  /**
   * One step along the transition table, in one conditional UPDATE: two parallel changes cannot
   * both pass from the same status. Anything the table does not allow is a 409 saying so. The
   * change and its 'Atividade Recente' event commit together.
   */
  async changeStatus(userId: string, id: number, target: ClaimStatus): Promise<Claim> {
    const updated = await this.knex.transaction(async (trx) => {
      const [changed] = await this.claims
        .of(userId, trx)
        .byId(id)
        .whereIn('status', sourcesOf(target))
        .update({ status: target, updatedAt: trx.fn.now() })
        .returning<{ claimId: string; contactId: number | null }[]>(['claimId', 'contactId']);
      if (changed)
        await recordActivity(trx, userId, {
          type: 'claim_status_changed',
          subject: changed.claimId,
          detail: target,
          contactId: changed.contactId,
        });
      return changed ? 1 : 0;
    });
    const claim = await this.byId(userId, id);
    if (!claim) throw new HttpError(404, CLAIM_NOT_FOUND);
    if (updated === 0) {
      throw new HttpError(
        409,
        `Não é possível mudar o sinistro de ${CLAIM_STATUS_LABELS[claim.status]} para ${CLAIM_STATUS_LABELS[target]}.`,
      );
    }
    return claim;
  }
}
