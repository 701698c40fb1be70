import {
  FINANCE_OPERATIONS as OPS,
  MAX_PARTICIPANTS,
  issuesToFieldErrors,
  participantsField,
  type ParticipantRole,
  type Policy,
  type PolicyParticipant,
} from '@corretora/contracts';
import { ApiError, apiErrorMessage, callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { Body1, Button, Field, Input } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { FormDialog, QueryState, useNotify, type Team } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import * as v from 'valibot';
import { policyName } from '../../../lib/policy-name';

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

/** A row as typed: the member's id, or '' for an angariador without a login (then a name and their percent). */
interface Row {
  memberId: string;
  name: string;
  role: ParticipantRole;
  share: string;
  percent: string;
}

const toRow = (participant: PolicyParticipant): Row => ({
  memberId: participant.memberId ?? '',
  name: participant.name ?? '',
  role: participant.role,
  share: String(participant.share).replace('.', ','),
  percent: participant.percent === null ? '' : String(participant.percent).replace('.', ','),
});

/** '33,33' -> 33.33; '' -> NaN (the schema then names the field). */
const numberOf = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.replace(/\./g, '').replace(',', '.')));

/**
 * 'Repasse' of a policy (owners and admins): who its commission is split between — up to three
 * members or angariadores without a login, shares adding up to 100 % — checked by the contract's
 * schema before sending. Saving re-syncs the repasse of what the policy already received (a closed
 * month keeps its lines; the difference lands in the next open month).
 */
export default function ParticipantsDialog({ policy, team, onClose }: { policy: Policy; team: Team; onClose: () => void }) {
  const detail = useOperation(OPS.policy, { params: { id: policy.id } });
  return (
    <QueryState query={detail} loading="Carregando participantes..." error="Não foi possível carregar os participantes.">
      {(loaded) => <ParticipantsForm policy={policy} team={team} initial={loaded.participants.map(toRow)} onClose={onClose} />}
    </QueryState>
  );
}

function ParticipantsForm({ policy, team, initial, onClose }: { policy: Policy; team: Team; initial: Row[]; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (participants: v.InferOutput<typeof participantsField>) =>
      callOperation(OPS.updatePolicy, { params: { id: policy.id }, body: { participants } }),
    onSuccess: () => {
      notify.success(`Repasse da apólice ${policyName(policy)} atualizado.`);
      void invalidateOperations(queryClient, OPS.policy, OPS.repasse);
      onClose();
    },
    onError: (error) => {
      const issues = (error instanceof ApiError ? error.body?.issues : undefined) ?? [];
      setErrors(Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));
      if (issues.length === 0) notify.error('Não foi possível salvar o repasse.', apiErrorMessage(error, ''));
    },
  });
  const change = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = rows.map((row) => ({
      memberId: row.memberId || null,
      name: row.memberId ? null : row.name,
      role: row.role,
      share: numberOf(row.share),
      percent: row.memberId ? null : numberOf(row.percent),
    }));
    const checked = v.safeParse(participantsField, body);
    if (!checked.success) {
      setErrors(Object.fromEntries(issuesToFieldErrors(checked.issues).map((issue) => [issue.path || 'participants', issue.message])));
      return;
    }
    setErrors({});
    save.mutate(checked.output);
  };
  const error = (index: number, field: string) => errors[`${index}.${field}`] ?? errors[`participants.${index}.${field}`];
  const overall = errors.participants ?? errors[''];
  return (
    <FormDialog
      title={`Repasse da apólice ${policyName(policy)}`}
      submitLabel="Salvar"
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Body1>
        A comissão recebida desta apólice é dividida entre até três participantes. Cada membro recebe a sua participação × a sua regra de
        repasse; um angariador sem acesso, a participação × o percentual informado aqui.
      </Body1>
      {rows.map((row, index) => (
        <div key={index} className={styles.row} role="group" aria-label={`Participante ${index + 1}`}>
          <Field label="Quem" validationMessage={error(index, 'memberId') ?? error(index, 'name')}>
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
          {!row.memberId && (
            <Field label="Nome do angariador" validationMessage={error(index, 'name')}>
              <Input value={row.name} maxLength={120} onChange={(_event, data) => change(index, { name: data.value })} />
            </Field>
          )}
          {row.memberId && (
            <Field label="Papel">
              <Select
                value={row.role}
                onChange={(_event, data) => change(index, { role: data.value === 'angariador' ? 'angariador' : 'producer' })}
              >
                <option value="producer">Produtor</option>
                <option value="angariador">Angariador</option>
              </Select>
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
            <Button
              onClick={() => setRows((current) => current.filter((_row, at) => at !== index))}
              aria-label={`Remover participante ${index + 1}`}
            >
              Remover
            </Button>
          )}
        </div>
      ))}
      {overall && <Body1 role="alert">{overall}</Body1>}
      {rows.length < MAX_PARTICIPANTS && (
        <Button
          onClick={() =>
            setRows((current) => [...current, { memberId: team.active[0]?.id ?? '', name: '', role: 'producer', share: '', percent: '' }])
          }
        >
          Adicionar participante
        </Button>
      )}
    </FormDialog>
  );
}
