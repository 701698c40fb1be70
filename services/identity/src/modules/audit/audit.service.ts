import { AUDIT_CLIENT_ACTOR, AUDIT_ENTITIES, auditFieldLabel, type AuditEntry, type AuditQuery, SAO_PAULO } from '@corretora/contracts';
import { AUDIT_TABLE, csvDocument, recordAuditEvent } from '@corretora/service-kit';
import type { Knex } from 'knex';

const LIST_LIMIT = 500;
const CSV_LIMIT = 100_000;
const DAY_AND_TIME = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: SAO_PAULO });

const ACTIONS: Record<AuditEntry['action'], string> = {
  insert: 'Criou',
  update: 'Alterou',
  delete: 'Excluiu',
  sign_in: 'Entrou',
  export: 'Exportou',
  invitation: 'Convidou',
  clear_data: 'Limpou os dados',
};

/**
 * A record's history takes its parts' along: a policy's shows its repasse split — each
 * participant row written (a split is replaced whole) names its policy in the change itself.
 */
const PARTS: Readonly<Record<string, readonly { entity: string; column: string }[]>> = {
  policy: [{ entity: 'policy_participant', column: 'policy_id' }],
};

/**
 * The brokerage's audit log, read by its owners and admins: the log is shared (public.audit_log);
 * identity reads it because it knows the members' names. Its rows are never written here.
 */
export class AuditService {
  constructor(private readonly knex: Knex) {}

  private query(brokerageId: string, filter: AuditQuery, limit: number) {
    const rows = this.knex(`${AUDIT_TABLE} as a`)
      .leftJoin('users as u', 'u.id', 'a.actorId')
      .where('a.userId', brokerageId)
      .orderBy([
        { column: 'a.at', order: 'desc' },
        { column: 'a.id', order: 'desc' },
      ])
      .limit(limit)
      .select(
        'a.at',
        'a.actorId',
        'a.actorClient',
        'u.name as actorName',
        'u.email as actorEmail',
        'a.action',
        'a.entity',
        'a.entityId',
        'a.changes',
        'a.address',
      );
    const parts = filter.entityId ? (PARTS[filter.entity] ?? []) : [];
    if (parts.length > 0)
      rows.andWhere((record) => {
        record.where({ 'a.entity': filter.entity, 'a.entityId': filter.entityId });
        for (const part of parts)
          record.orWhereRaw(`a.entity = ? and coalesce(a.changes -> ? -> 'after', a.changes -> ? -> 'before') = to_jsonb(?::int)`, [
            part.entity,
            part.column,
            part.column,
            Number(filter.entityId) || 0,
          ]);
      });
    else {
      if (filter.entity) rows.andWhere('a.entity', filter.entity);
      if (filter.entityId) rows.andWhere('a.entityId', filter.entityId);
    }
    if (filter.actorId) rows.andWhere('a.actorId', filter.actorId);
    // Days on the brokerage's calendar (São Paulo).
    if (filter.from) rows.andWhereRaw(`a.at >= (?::date)::timestamp at time zone '${SAO_PAULO}'`, [filter.from]);
    if (filter.to) rows.andWhereRaw(`a.at < (?::date + 1)::timestamp at time zone '${SAO_PAULO}'`, [filter.to]);
    return rows as unknown as Promise<
      {
        at: Date;
        actorId: string | null;
        actorClient: number | null;
        actorName: string | null;
        actorEmail: string | null;
        action: AuditEntry['action'];
        entity: string;
        entityId: string | null;
        changes: AuditEntry['changes'];
        address: string | null;
      }[]
    >;
  }

  /** A change's fields as the API names them (the log keeps the columns' names): camelCase, through the database's own mapper. */
  private fieldsOf(changes: AuditEntry['changes']): AuditEntry['changes'] {
    return changes && (this.knex.client.postProcessResponse(changes, undefined) as AuditEntry['changes']);
  }

  async list(brokerageId: string, filter: AuditQuery): Promise<AuditEntry[]> {
    const rows = await this.query(brokerageId, filter, LIST_LIMIT);
    return rows.map((row) => ({
      at: row.at.toISOString(),
      actor: row.actorId ? { id: row.actorId, name: row.actorName ?? row.actorEmail ?? 'Membro removido' } : null,
      byClient: row.actorClient !== null,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      changes: this.fieldsOf(row.changes),
      ip: row.address,
    }));
  }

  /** Excel pt-BR: one line per field changed (an event without fields, one line). */
  async csv(brokerageId: string, filter: AuditQuery): Promise<string> {
    const rows = await this.query(brokerageId, filter, CSV_LIMIT);
    const text = (value: unknown) =>
      value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    const lines: string[][] = [['Quando', 'Quem', 'Ação', 'Registro', 'Nº', 'Campo', 'Antes', 'Depois', 'Endereço']];
    for (const row of rows) {
      const head = [
        DAY_AND_TIME.format(row.at),
        row.actorName ?? row.actorEmail ?? (row.actorClient !== null ? AUDIT_CLIENT_ACTOR : 'Sistema'),
        ACTIONS[row.action] ?? row.action,
        AUDIT_ENTITIES[row.entity] ?? row.entity,
        row.entityId ?? '',
      ];
      const fields = Object.entries(this.fieldsOf(row.changes) ?? {});
      if (fields.length === 0) lines.push([...head, '', '', '', row.address ?? '']);
      for (const [field, change] of fields)
        lines.push([...head, auditFieldLabel(row.entity, field), text(change?.before), text(change?.after), row.address ?? '']);
    }
    // Reading the log out is itself in the log.
    await recordAuditEvent(this.knex, brokerageId, { action: 'export', entity: 'audit' });
    return csvDocument(lines);
  }
}
