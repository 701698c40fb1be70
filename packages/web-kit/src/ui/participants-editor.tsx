import {
  MAX_PARTICIPANTS,
  participantsField,
  type ParticipantRole,
  type ParticipantsInput,
  type PolicyParticipant,
} from '@corretora/contracts';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1, Button, Field, Input } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import type { Team } from './use-team';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 9rem), 1fr))',
    gap: tokens.spacingHorizontalS,
    alignItems: 'start',
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

/** A participant as typed: the member's id, or '' for an angariador without a login (then a name and their percent). */
export interface ParticipantRow {
  memberId: string;
  name: string;
  role: ParticipantRole;
  share: string;
  percent: string;
}

/** The rows of a policy's participants as the editor shows them. */
export function participantRows(participants: readonly PolicyParticipant[]): ParticipantRow[] {
  return participants.map((participant) => ({
    memberId: participant.memberId ?? '',
    name: participant.name ?? '',
    role: participant.role,
    share: String(participant.share).replace('.', ','),
    percent: participant.percent === null ? '' : String(participant.percent).replace('.', ','),
  }));
}

/** '33,33' -> 33.33; '' -> NaN (the schema then names the field). */
const numberOf = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.replace(/\./g, '').replace(',', '.')));

/**
 * The rows checked by the contract's schema, as the API takes them, or the errors by field
 * ('0.share', 'participants' for the whole list) to show beside them.
 */
export function checkParticipants(
  rows: readonly ParticipantRow[],
): { participants: ParticipantsInput } | { errors: Record<string, string> } {
  const input = rows.map((row) => ({
    memberId: row.memberId || null,
    name: row.memberId ? null : row.name,
    role: row.role,
    share: numberOf(row.share),
    percent: row.memberId ? null : numberOf(row.percent),
  }));
  // Through the schema's Standard Schema face: the page that checks loads no valibot runtime of its own.
  const result = participantsField['~standard'].validate(input) as Awaited<ReturnType<(typeof participantsField)['~standard']['validate']>>;
  if (!result.issues) return { participants: result.value };
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');
    errors[path || 'participants'] ??= issue.message;
  }
  return { errors };
}

/**
 * Who a policy's commission is split between (repasse): up to three members or angariadores
 * without a login, each with a share; an angariador's own percent of the commission. `errors` by
 * field as `checkParticipants` or the API name them ('0.share' or 'participants.0.share').
 */
export function ParticipantsEditor({
  team,
  rows,
  onChange,
  errors,
}: {
  team: Team;
  rows: readonly ParticipantRow[];
  onChange: (rows: ParticipantRow[]) => void;
  errors: Readonly<Record<string, string>>;
}) {
  const styles = useStyles();
  const change = (index: number, patch: Partial<ParticipantRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const error = (index: number, field: string) => errors[`${index}.${field}`] ?? errors[`participants.${index}.${field}`];
  return (
    <>
      {rows.map((row, index) => (
        <div key={index} className={styles.row} role="group" aria-label={`Participante ${index + 1}`}>
          <Field label="Quem" validationMessage={error(index, 'memberId')}>
            <Select
              value={row.memberId}
              onChange={(_event, data) => change(index, { memberId: data.value, role: data.value ? row.role : 'angariador' })}
            >
              {team.active.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name ?? member.email}
                </option>
              ))}
              <option value="">Angariador sem acesso</option>
            </Select>
          </Field>
          {row.memberId ? (
            <Field label="Papel">
              <Select
                value={row.role}
                onChange={(_event, data) => change(index, { role: data.value === 'angariador' ? 'angariador' : 'producer' })}
              >
                <option value="producer">Produtor</option>
                <option value="angariador">Angariador</option>
              </Select>
            </Field>
          ) : (
            <Field label="Nome do angariador" validationMessage={error(index, 'name')}>
              <Input value={row.name} maxLength={120} onChange={(_event, data) => change(index, { name: data.value })} />
            </Field>
          )}
          <Field label="Participação (%)" validationMessage={error(index, 'share')}>
            <Input inputMode="decimal" value={row.share} onChange={(_event, data) => change(index, { share: data.value })} />
          </Field>
          {!row.memberId && (
            <Field label="Percentual da comissão (%)" validationMessage={error(index, 'percent')}>
              <Input inputMode="decimal" value={row.percent} onChange={(_event, data) => change(index, { percent: data.value })} />
            </Field>
          )}
          {rows.length > 1 && (
            <Button onClick={() => onChange(rows.filter((_row, at) => at !== index))} aria-label={`Remover participante ${index + 1}`}>
              Remover
            </Button>
          )}
        </div>
      ))}
      {(errors.participants ?? errors['']) && <Body1 role="alert">{errors.participants ?? errors['']}</Body1>}
      {rows.length < MAX_PARTICIPANTS && (
        <Button
          onClick={() => onChange([...rows, { memberId: team.active[0]?.id ?? '', name: '', role: 'producer', share: '', percent: '' }])}
        >
          Adicionar participante
        </Button>
      )}
    </>
  );
}
