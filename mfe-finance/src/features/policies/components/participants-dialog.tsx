import { FINANCE_OPERATIONS as OPS, type ParticipantsInput, type Policy } from '@corretora/contracts';
import { ApiError, apiErrorMessage, callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { Body1 } from '@corretora/web-kit/fluent/core';
import {
  FormDialog,
  ParticipantsEditor,
  QueryState,
  checkParticipants,
  participantRows,
  useNotify,
  type ParticipantRow,
  type Team,
} from '@corretora/web-kit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { policyName } from '../../../lib/policy-name';

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
      {(loaded) => <ParticipantsForm policy={policy} team={team} initial={participantRows(loaded.participants)} onClose={onClose} />}
    </QueryState>
  );
}

function ParticipantsForm({
  policy,
  team,
  initial,
  onClose,
}: {
  policy: Policy;
  team: Team;
  initial: ParticipantRow[];
  onClose: () => void;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<ParticipantRow[]>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (participants: ParticipantsInput) => callOperation(OPS.updatePolicy, { params: { id: policy.id }, body: { participants } }),
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
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkParticipants(rows);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.participants);
  };
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
      <ParticipantsEditor team={team} rows={rows} onChange={setRows} errors={errors} />
    </FormDialog>
  );
}
