import {
  plateSearchKey,
  policyTypeOfLine,
  type InsuredItem,
  type LineKey,
  type PolicyLinesInput,
  type PolicyType,
} from '@corretora/contracts';
import { type BrokerScopedTable } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { InstalmentPlans } from './instalment-plans';
import { ParticipantsService, type RepasseSync } from './policy-participants';
import type { Knex } from 'knex';
import {
  RESTORED_COLUMNS,
  TERMS_AS_TEXT,
  TERMS_RECORD,
  TERM_COLUMNS,
  policyTypeOfLineSql,
  termUpdates,
  termValues,
  termsFromText,
  type PolicyTerm,
  type PolicyTerms,
} from './policy-sql';

/** The columns an import writes, as `x(...)` of jsonb_to_recordset reads them (`line` is the sheet's row, `lineKey` the policy's line). */
const INPUT_COLUMNS = `line int, "policyNumber" text, "lineKey" text, "responsibleId" uuid, "insuredItem" jsonb, "insuredPlate" text, ${TERMS_RECORD}`;

/** A policy as an import compares it: its stored status, money in cents. */
export type PolicyBookEntry = PolicyTerms & {
  id: number;
  policyNumber: string;
  type: PolicyType;
  line: LineKey;
  /** What the policy insures now: a row's vehicle columns change it only where they differ. */
  insuredItem: InsuredItem | null;
};

/** One policy of a policies import's batch, as the book holds it, its client and insurer resolved (money in cents). */
export type ImportedPolicy = Omit<PolicyBookEntry, 'id' | 'type' | 'line' | 'contactId' | 'insurerId'> & {
  /** The sheet's row. */
  line: number;
  contactId: number;
  contactName: string;
  /** The policy's line (ramo). */
  lineKey: LineKey;
  insurerId: number;
  /** Repasse: an angariador named by the sheet (shares in hundredths of a percent); the responsible member keeps the rest. */
  angariador: { name: string; shareHundredths: number; percentHundredths: number } | null;
  /** The member the sheet gives a new policy to; null: the batch's. */
  responsibleId: string | null;
  /** The vehicle the sheet names; null keeps what the policy has. */
  insuredItem: InsuredItem | null;
};

export interface PolicyImportBatch {
  importId: number;
  /** The member the imported policies are given to (the import's assignee, else its importer) where a row names none. */
  responsibleId: string;
  policies: readonly ImportedPolicy[];
}

/** What a batch did to each policy: created, or updated with the values it replaced. */
export interface PolicyImportResult {
  line: number;
  policyId: number;
  created: boolean;
  /** When it wrote the policy: undo leaves a policy changed after it. */
  appliedAt: string;
  previous: Record<string, unknown> | null;
}

/** What one import did to each policy, for its undo. */
export interface PolicyImportUndo {
  /** The import's ids: its own and, for one handed over from the pipeline, the one its policies were written under. */
  importIds: readonly number[];
  policies: readonly { policyId: number; appliedAt: string; previous: Record<string, unknown> | null }[];
}

/**
 * Policies of an import (the policies kind resolves clients and insurers): a batch
 * upserted by policy number in one statement that also reads the values it replaces; undo deletes
 * what an import created and restores what it updated, except policies changed after it (their
 * updated_at moved, or they got a claim or a document).
 */
export class PolicyImportService {
  private readonly policies: BrokerScopedTable;
  private readonly participants: ParticipantsService;

  constructor(
    private readonly knex: Knex,
    private readonly instalments: InstalmentPlans,
    repasse: RepasseSync,
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.participants = new ParticipantsService(knex, repasse);
  }

  /** The broker's policies as an import compares them (in the import's transaction, when given). */
  async book(userId: string, trx: Knex | Knex.Transaction = this.knex): Promise<PolicyBookEntry[]> {
    const { rows } = await trx.raw<{
      rows: (Record<PolicyTerm, string | null> & Pick<PolicyBookEntry, 'id' | 'policyNumber' | 'type' | 'line' | 'insuredItem'>)[];
    }>(
      `select p.id, p.policy_number as "policyNumber", p.type, p.line, p.insured_item as "insuredItem", ${TERMS_AS_TEXT} from ? order by p.id`,
      [this.policies.of(userId, trx).from('p')],
    );
    return rows.map((row) => termsFromText(row));
  }

  /** The contacts holding at least one policy (in the import's transaction, when given). */
  async holders(userId: string, trx: Knex | Knex.Transaction = this.knex): Promise<number[]> {
    const rows = (await this.policies.of(userId, trx).rows().whereNotNull('contactId').distinct('contactId')) as { contactId: number }[];
    return rows.map((row) => row.contactId);
  }

  /** The lines of issued policies (their product's), the type following; only policies issued from a card. */
  async setLines(userId: string, input: PolicyLinesInput): Promise<{ updated: number }> {
    const byLine = new Map<LineKey, number[]>();
    for (const { policyId, line } of input.policies) byLine.set(line, [...(byLine.get(line) ?? []), policyId]);
    let updated = 0;
    for (const [line, ids] of byLine)
      updated += await this.policies
        .of(userId)
        .rows()
        .whereIn('id', ids)
        .whereNotNull('cardId')
        .whereNot({ line })
        .update({ line, type: policyTypeOfLine(line) });
    return { updated };
  }

  /**
   * A batch, in the import's transaction. A number another member's policy holds (numbered since the
   * preview, which refuses the ones it sees) is left as it is: it is missing from the answer.
   */
  async apply(trx: Knex.Transaction, userId: string, input: PolicyImportBatch): Promise<PolicyImportResult[]> {
    if (input.policies.length === 0) return [];
    // appliedAt to the microsecond (a Date would drop them, and undo would take every policy for changed).
    const { rows } = await trx.raw<{ rows: PolicyImportResult[] }>(
      `with input as (select * from jsonb_to_recordset(?::jsonb) as x(${INPUT_COLUMNS})),
            old as (select p.* from ? join input i on p.policy_number = i."policyNumber" and p.insurer_id = i."insurerId"),
            up as (
              insert into policies (user_id, type, line, policy_number, ${TERM_COLUMNS}, import_id, updated_at, responsible_id, insured_item, insured_plate)
              select ?, ${policyTypeOfLineSql('i."lineKey"')}, i."lineKey", i."policyNumber", ${termValues('i')}, ?, now(), coalesce(i."responsibleId", ?::uuid),
                     i."insuredItem", i."insuredPlate"
                from input i
              on conflict (user_id, insurer_id, policy_number) do update set type = excluded.type, line = excluded.line, ${termUpdates()}, updated_at = now(),
                -- The sheet's vehicle columns over the policy's vehicle: what the broker typed and the sheet lacks (driver, CEP, use) stays.
                insured_item = case when excluded.insured_item is null then policies.insured_item
                                    when policies.insured_item->>'kind' = 'vehicle'
                                      then jsonb_set(policies.insured_item, '{vehicle}', (policies.insured_item->'vehicle') || jsonb_strip_nulls(excluded.insured_item->'vehicle'))
                                    else excluded.insured_item end,
                insured_plate = coalesce(excluded.insured_plate, policies.insured_plate)
                -- Only a policy the member may change: another's (numbered since the preview) stays as it is.
                where policies.id in (select v.id from ?)
              returning id, policy_number, insurer_id)
       select i.line, up.id as "policyId", (old.id is null or old.import_id = ?) as created, to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "appliedAt",
              case when old.id is null or old.import_id = ? then null else to_jsonb(old) end as previous
         from input i join up on up.policy_number = i."policyNumber" and up.insurer_id = i."insurerId"
              left join old on old.policy_number = i."policyNumber" and old.insurer_id = i."insurerId"`,
      [
        JSON.stringify(
          input.policies.map((policy) => ({
            ...policy,
            insuredPlate: policy.insuredItem?.vehicle?.plate ? plateSearchKey(policy.insuredItem.vehicle.plate) : null,
          })),
        ),
        this.policies.of(userId, trx).from('p'),
        userId,
        input.importId,
        input.responsibleId,
        this.policies.of(userId, trx).from('v'),
        input.importId,
        input.importId,
      ],
    );
    // Their instalments follow the figures (à vista for a new policy, the plan kept for an update).
    await this.instalments.replan(
      trx,
      userId,
      rows.map((row) => row.policyId),
    );
    await this.splitWithAngariadores(trx, userId, input, rows);
    return rows;
  }

  /**
   * A row naming an angariador splits its policy: the angariador's share at their percent, the rest
   * to the policy's responsible member (their rules). Undo removes the policies an import created
   * (their split with them); an updated policy keeps the split the import gave it.
   */
  private async splitWithAngariadores(
    trx: Knex.Transaction,
    userId: string,
    input: PolicyImportBatch,
    rows: readonly PolicyImportResult[],
  ): Promise<void> {
    const policyOf = new Map(rows.map((row) => [row.line, row.policyId]));
    const split = input.policies.flatMap((policy) =>
      policy.angariador && policyOf.has(policy.line) ? [{ policyId: policyOf.get(policy.line)!, angariador: policy.angariador }] : [],
    );
    if (split.length === 0) return;
    const responsible = new Map(
      (
        (await this.policies
          .of(userId, trx)
          .rows()
          .whereIn(
            'id',
            split.map((entry) => entry.policyId),
          )
          .select('id', 'responsibleId')) as { id: number; responsibleId: string }[]
      ).map((row) => [row.id, row.responsibleId]),
    );
    await this.participants.replaceMany(
      trx,
      userId,
      split.map(({ policyId, angariador }) => {
        const rest = 10_000 - angariador.shareHundredths;
        return {
          policyId,
          participants: [
            ...(rest > 0
              ? [{ memberId: responsible.get(policyId)!, name: null, role: 'producer' as const, share: rest / 100, percent: null }]
              : []),
            {
              memberId: null,
              name: angariador.name,
              role: 'angariador' as const,
              share: angariador.shareHundredths / 100,
              percent: angariador.percentHundredths / 100,
            },
          ],
        };
      }),
    );
  }

  /** An import's undo on its policies, in the import's transaction. */
  async undo(
    trx: Knex.Transaction,
    userId: string,
    input: PolicyImportUndo,
  ): Promise<{ removed: number; restored: number; kept: number[] }> {
    const { rows } = await trx.raw<{ rows: { id: number; created: boolean; changed: boolean }[] }>(
      `with x as (select * from jsonb_to_recordset(?::jsonb) as x("policyId" int, "appliedAt" timestamptz, previous jsonb))
       select p.id, x.previous is null as created,
              (p.updated_at > x."appliedAt"
               or exists (select 1 from ? where c.policy_id = p.id)
               or exists (select 1 from ? where d.policy_id = p.id and d.uploaded_at > x."appliedAt")) as changed
         from ? join x on x."policyId" = p.id
        for update of p`,
      [
        JSON.stringify(input.policies),
        tables.scoped(trx, 'claims').of(userId, trx).from('c'),
        tables.scoped(trx, 'documents').of(userId, trx).from('d'),
        this.policies.of(userId, trx).from('p'),
      ],
    );
    const kept = rows.filter((row) => row.changed).map((row) => row.id);
    const remove = rows.filter((row) => row.created && !row.changed).map((row) => row.id);
    const restore = new Set(rows.filter((row) => !row.created && !row.changed).map((row) => row.id));
    const removed =
      remove.length === 0
        ? 0
        : await this.policies.of(userId, trx).rows().whereIn('id', remove).whereIn('importId', input.importIds).delete();
    const restoring = input.policies.filter((policy) => restore.has(policy.policyId) && policy.previous);
    if (restoring.length > 0) {
      await this.policies.of(userId, trx).updateFrom(
        'p',
        {
          set: `${RESTORED_COLUMNS.map((column) => `${column} = r.${column}`).join(', ')}, updated_at = r.updated_at`,
          from: `jsonb_to_recordset(?::jsonb) as x("policyId" int, previous jsonb),
                 lateral jsonb_populate_record(null::policies, x.previous) as r`,
          where: 'p.id = x."policyId"',
        },
        { from: [JSON.stringify(restoring.map((policy) => ({ policyId: policy.policyId, previous: policy.previous })))] },
      );
    }
    await this.instalments.replan(
      trx,
      userId,
      restoring.map((policy) => policy.policyId),
    );
    return { removed, restored: restoring.length, kept };
  }
}
