import { saoPauloDay, type PipelineProduction, type PipelineProductionQuery, SAO_PAULO } from '@corretora/contracts';
import { type BrokerScopedTable, forMemberOwnRecords, teamOrNobody, type InternalClient } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import type { TasksService } from './tasks.service';

/**
 * Equipe › Produção's pipeline half, asked by finance: each member's leads per month
 * (cards created in it, São Paulo time) and how many of those became a policy (issued), and each
 * active member's work overdue today — Minhas tarefas' own list, the same the member sees.
 */
export class ProductionService {
  private readonly cards: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly tasks: TasksService,
    private readonly identity: InternalClient | null,
    private readonly now: () => Date,
  ) {
    this.cards = tables.scoped(knex, 'pipeline_cards');
  }

  async production(userId: string, query: PipelineProductionQuery): Promise<PipelineProduction> {
    const { rows } = await this.knex.raw<{ rows: { memberId: string; month: string; leads: number; won: number }[] }>(
      `select c.responsible_id as "memberId", to_char(c.created_at at time zone '${SAO_PAULO}', 'YYYY-MM') as month,
              count(*)::int as leads, (count(*) filter (where c.status = 'issued'))::int as won
         from ?
        where c.created_at >= (?::date)::timestamp at time zone '${SAO_PAULO}'
          and c.created_at < ((?::date) + interval '1 month')::timestamp at time zone '${SAO_PAULO}'
        group by 1, 2 order by 2, 1`,
      [this.cards.of(userId).from('c'), `${query.from}-01`, `${query.to}-01`],
    );
    const today = saoPauloDay(this.now());
    const members = (await teamOrNobody(this.identity, userId)).filter((member) => member.active);
    const overdueTasks = [];
    for (const member of members.length > 0 ? members : [{ id: userId }]) {
      const due = await forMemberOwnRecords(member.id, () => this.tasks.dueBy(userId, today));
      const count = due.filter((task) => task.window === 'overdue').length;
      if (count > 0) overdueTasks.push({ memberId: member.id, count });
    }
    return { rows, overdueTasks };
  }
}
