import {
  AUDIT_CLIENT_ACTOR,
  AUDIT_ENTITIES,
  AUDIT_FIELDS,
  MANAGERS,
  TEAM_OPERATIONS,
  formatDate,
  roleAllows,
  type AuditEntry,
  SAO_PAULO,
} from '@corretora/contracts';
import { useCurrentUser, useOperation } from '@corretora/web-kit';
import { Body1, Caption1, Text } from '@corretora/web-kit/fluent/core';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  item: { display: 'grid', gap: '2px', overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const ACTIONS: Record<AuditEntry['action'], string> = {
  insert: 'criou',
  update: 'alterou',
  delete: 'excluiu',
  sign_in: 'entrou',
  export: 'exportou',
  invitation: 'convidou',
  clear_data: 'limpou os dados',
};

/** A column as its screen names it: a label, or a label and how its value reads (a status's name, not its key). */
export type AuditField = string | { label: string; value: (raw: unknown) => string };

const labelOf = (field: AuditField) => (typeof field === 'string' ? field : field.label);
/** Fields whose value is a member of the brokerage: said by name. */
const MEMBER_FIELDS = new Set(['responsibleId', 'memberId']);
/** Fields whose value is another record's id: shown only where the screen says how to name it (never a raw id). */
const ID_FIELDS = new Set([
  'policyId',
  'contactId',
  'cardId',
  'importId',
  'insurerId',
  'productId',
  'leadSourceId',
  'renewedFromPolicyId',
  'erasureRequestId',
  'position',
]);

function shown(value: unknown, field: string, fields: Readonly<Record<string, AuditField>>, members: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined || value === '') return '—';
  const named = fields[field];
  if (named && typeof named !== 'string') return named.value(value);
  if (value === true) return 'sim';
  if (value === false) return 'não';
  if (MEMBER_FIELDS.has(field) && typeof value === 'string') return members.get(value) ?? 'outro membro';
  // A calendar date as it is; an instant (a last contact at 23:31 in São Paulo is the next day in UTC) on the reader's clock.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value))
    return formatDate(value.length === 10 ? value : new Date(value)) || formatDate(value.slice(0, 10));
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface AuditTrailProps {
  /** The record's entity in the log ('contact', 'policy') and its id. */
  entity: string;
  entityId: number;
  /**
   * How the screen reads some fields (a status's name, money): the rest are named by contracts'
   * AUDIT_FIELDS (every field of an entity it knows); a field neither names is counted, never shown by its column name.
   */
  fields: Readonly<Record<string, AuditField>>;
}

/**
 * The audit log of one record, for owners and admins: who changed what, when and from where,
 * each named field before and after (a member by name). Each remote passes its record's field
 * names and puts the list where its screen shows it (the ficha's section, a policy's dialog);
 * nothing at all for another role.
 */
export function AuditTrail({ entity, entityId, fields }: AuditTrailProps) {
  const styles = useStyles();
  const { user } = useCurrentUser();
  const manager = user !== null && roleAllows(user.role, MANAGERS);
  const log = useOperation(TEAM_OPERATIONS.audit, { query: { entity, entityId: String(entityId) } }, { enabled: manager });
  const team = useOperation(TEAM_OPERATIONS.list, undefined, { enabled: manager });
  if (!manager) return null;
  const members = new Map((team.data?.members ?? []).map((member) => [member.id, member.name ?? member.email]));
  const entries = log.data?.entries ?? [];
  return (
    <>
      {log.isError ? <Body1 className={styles.muted}>Não foi possível carregar o histórico.</Body1> : null}
      {log.isSuccess && entries.length === 0 ? <Body1 className={styles.muted}>Nenhuma alteração registrada.</Body1> : null}
      <ul className={styles.list}>
        {entries.map((entry, index) => {
          const known = AUDIT_FIELDS[entry.entity] ?? {};
          const label = (field: string) => (fields[field] ? labelOf(fields[field]) : known[field]);
          const changes = Object.entries(entry.changes ?? {});
          const named = changes.filter(([field]) => label(field) !== undefined && (fields[field] !== undefined || !ID_FIELDS.has(field)));
          const others = changes.length - named.length;
          // A part of the record (a policy's repasse participant) is said with its fields when it comes or goes.
          const part = entry.entity !== entity;
          const detailed = entry.action === 'update' || (part && (entry.action === 'insert' || entry.action === 'delete'));
          return (
            <li key={`${entry.at}-${index}`} className={styles.item}>
              <Text weight="semibold">
                {entry.actor?.name ?? (entry.byClient ? AUDIT_CLIENT_ACTOR : 'Sistema')} {ACTIONS[entry.action]}
                {part ? ` ${AUDIT_ENTITIES[entry.entity] ?? 'parte do registro'}` : ''}
              </Text>
              {detailed
                ? named.map(([field, change]) =>
                    entry.action === 'update' ? (
                      <Caption1 key={field}>
                        {label(field)}: {shown(change.before, field, fields, members)} → {shown(change.after, field, fields, members)}
                      </Caption1>
                    ) : (
                      <Caption1 key={field}>
                        {label(field)}: {shown(entry.action === 'insert' ? change.after : change.before, field, fields, members)}
                      </Caption1>
                    ),
                  )
                : null}
              {entry.action === 'update' && others > 0 ? (
                <Caption1 className={styles.muted}>{others === 1 ? 'e mais 1 campo' : `e mais ${others} campos`}</Caption1>
              ) : null}
              <Caption1 className={styles.muted}>
                {new Date(entry.at).toLocaleString('pt-BR', { timeZone: SAO_PAULO, dateStyle: 'short', timeStyle: 'short' })}
                {entry.ip ? ` · ${entry.ip}` : ''}
              </Caption1>
            </li>
          );
        })}
      </ul>
    </>
  );
}
