import { TEAM_OPERATIONS, formatDate, type AuditEntry } from '@corretora/contracts';
import { useCurrentUser, useOperation } from '@corretora/web-kit';
import { Card } from '@corretora/web-kit/fluent/card';
import { Body1, Caption1, Subtitle2, Text } from '@corretora/web-kit/fluent/core';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  section: { gap: tokens.spacingVerticalS, minWidth: 0 },
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

/** The client's fields as the ficha names them; a field not listed is counted, never shown by its column name. */
const FIELDS: Readonly<Record<string, string>> = {
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  kind: 'Pessoa',
  legal_name: 'Razão social',
  trade_name: 'Nome fantasia',
  contact_person: 'Pessoa de contato',
  birth_date: 'Nascimento',
  type: 'Situação',
  cep: 'CEP',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  district: 'Bairro',
  city: 'Cidade',
  uf: 'UF',
  responsible_id: 'Responsável',
  last_contact: 'Último contato',
};

function shown(value: unknown, field: string, members: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'responsible_id' && typeof value === 'string') return members.get(value) ?? 'outro membro';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return formatDate(value.slice(0, 10));
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * 'Histórico de alterações' of one record, for owners and admins: who changed what, when, each
 * field before and after (the brokerage's audit log).
 */
export function AuditSection({ entity, entityId }: { entity: string; entityId: number }) {
  const styles = useStyles();
  const { user } = useCurrentUser();
  const manager = user?.role === 'owner' || user?.role === 'admin';
  const log = useOperation(TEAM_OPERATIONS.audit, { query: { entity, entityId: String(entityId) } }, { enabled: manager });
  const team = useOperation(TEAM_OPERATIONS.list, undefined, { enabled: manager });
  if (!manager) return null;
  const members = new Map((team.data?.members ?? []).map((member) => [member.id, member.name ?? member.email]));
  const entries = log.data?.entries ?? [];
  return (
    <Card className={styles.section} role="region" aria-label="Histórico de alterações">
      <Subtitle2 as="h2">Histórico de alterações</Subtitle2>
      {log.isError ? <Body1 className={styles.muted}>Não foi possível carregar o histórico.</Body1> : null}
      {log.isSuccess && entries.length === 0 ? <Body1 className={styles.muted}>Nenhuma alteração registrada.</Body1> : null}
      <ul className={styles.list}>
        {entries.map((entry, index) => {
          const changes = Object.entries(entry.changes ?? {});
          const named = changes.filter(([field]) => FIELDS[field]);
          const others = changes.length - named.length;
          return (
            <li key={`${entry.at}-${index}`} className={styles.item}>
              <Text weight="semibold">
                {entry.actor?.name ?? 'Sistema'} {ACTIONS[entry.action]}
              </Text>
              {entry.action === 'update'
                ? named.map(([field, change]) => (
                    <Caption1 key={field}>
                      {FIELDS[field]}: {shown(change.before, field, members)} → {shown(change.after, field, members)}
                    </Caption1>
                  ))
                : null}
              {entry.action === 'update' && others > 0 ? (
                <Caption1 className={styles.muted}>{others === 1 ? 'e mais 1 campo' : `e mais ${others} campos`}</Caption1>
              ) : null}
              <Caption1 className={styles.muted}>
                {new Date(entry.at).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' })}
                {entry.ip ? ` · ${entry.ip}` : ''}
              </Caption1>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
