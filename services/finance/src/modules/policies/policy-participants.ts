import type { ParticipantsInput, PolicyParticipant } from '@corretora/contracts';
import { type BrokerScopedTable } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

/** What the repasse (above the book) does when a policy's split changes: re-sync what it already received. */
export interface RepasseSync {
  syncPolicies(trx: Knex.Transaction, userId: string, policyIds: readonly number[]): Promise<void>;
}

interface ParticipantRow {
  policyId: number;
  memberId: string | null;
  name: string | null;
  role: PolicyParticipant['role'];
  share: string;
  percent: string | null;
}

/**
 * A policy's participants: who its commission is split between. No rows is the default, its
 * responsible member with 100 %, so reassigning the policy moves its future repasse too. Replacing
 * them re-syncs the repasse of every commission the policy received (a closed month keeps its
 * lines; the difference lands in the next open month). A renewal's next term copies them.
 */
export class ParticipantsService {
  private readonly participants: BrokerScopedTable;

  constructor(
    knex: Knex,
    private readonly repasse: RepasseSync,
  ) {
    this.participants = tables.scoped(knex, 'policy_participants');
  }

  /** The participants of these policies (each responsible member's 100 % when it has none). */
  async of(
    userId: string,
    policies: readonly { id: number; responsibleId: string }[],
    trx: Knex | Knex.Transaction,
  ): Promise<Map<number, PolicyParticipant[]>> {
    const rows = (await this.participants
      .of(userId, trx)
      .rows()
      .whereIn(
        'policyId',
        policies.map((policy) => policy.id),
      )
      .orderBy(['policyId', 'position'])
      .select('policyId', 'memberId', 'name', 'role', 'share', 'percent')) as ParticipantRow[];
    const byPolicy = new Map<number, PolicyParticipant[]>();
    for (const row of rows)
      byPolicy.set(row.policyId, [
        ...(byPolicy.get(row.policyId) ?? []),
        {
          memberId: row.memberId,
          name: row.name,
          role: row.role,
          share: Number(row.share),
          percent: row.percent === null ? null : Number(row.percent),
        },
      ]);
    for (const policy of policies)
      if (!byPolicy.has(policy.id))
        byPolicy.set(policy.id, [{ memberId: policy.responsibleId, name: null, role: 'producer', share: 100, percent: null }]);
    return byPolicy;
  }

  /** Replaces a policy's participants (in the caller's transaction) and re-syncs its repasse. */
  replace(trx: Knex.Transaction, userId: string, policyId: number, participants: ParticipantsInput): Promise<void> {
    return this.replaceMany(trx, userId, [{ policyId, participants }]);
  }

  /** `replace` for many policies at once (an import's batch): one delete, one insert, one re-sync. */
  async replaceMany(
    trx: Knex.Transaction,
    userId: string,
    splits: readonly { policyId: number; participants: ParticipantsInput }[],
  ): Promise<void> {
    if (splits.length === 0) return;
    // A policy named twice keeps its last split, as replacing it twice in turn would.
    const byPolicy = new Map(splits.map((split) => [split.policyId, split.participants]));
    const policyIds = [...byPolicy.keys()];
    await this.participants.of(userId, trx).rows().whereIn('policyId', policyIds).delete();
    await this.participants.of(userId, trx).insertMany(
      [...byPolicy].flatMap(([policyId, participants]) =>
        participants.map((participant, index) => ({
          policyId,
          position: index + 1,
          memberId: participant.memberId,
          // A member is named by the team; an angariador without a login by the name typed.
          name: participant.memberId ? null : participant.name,
          role: participant.role,
          share: participant.share.toFixed(2),
          percent: participant.memberId || participant.percent === null ? null : participant.percent.toFixed(2),
        })),
      ),
    );
    await this.repasse.syncPolicies(trx, userId, policyIds);
  }
}

/** A renewal's next term is split as the term it renews (in the renewal's transaction). */
export async function copyParticipants(trx: Knex.Transaction, userId: string, fromPolicyId: number, toPolicyId: number): Promise<void> {
  await trx.raw(
    `insert into policy_participants (user_id, policy_id, position, member_id, name, role, share, percent)
     select ?::uuid, ?, q.position, q.member_id, q.name, q.role, q.share, q.percent
       from ${tables.fromSql('policy_participants', 'q')} where q.policy_id = ?`,
    [userId, toPolicyId, ...tables.bindings('policy_participants', userId), fromPolicyId],
  );
}
