import { ContactsReassignSchema, PIPELINE_OPERATIONS as OPS } from '@corretora/contracts';
import { apiErrorMessage, callOperation, invalidateOperations } from '@corretora/web-kit';
import { useNotify, useTeam } from '@corretora/web-kit/ui';
import { Body1, Button, Spinner } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
  },
});

/**
 * The chosen clients and the member to give them to: checked with the contract's schema
 * before sending; the server moves each client whole, all or none. Loads once a client is chosen.
 */
export default function BulkResponsibleBar({ ids, onDone }: { ids: readonly number[]; onDone: () => void }) {
  const styles = useStyles();
  const team = useTeam();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [to, setTo] = useState('');
  const [issue, setIssue] = useState<string | null>(null);
  const move = useMutation({
    mutationFn: (body: v.InferInput<typeof ContactsReassignSchema>) => callOperation(OPS.reassignContacts, { body }),
    onSuccess: ({ moved }) => {
      notify.success(`${moved === 1 ? '1 cliente agora é' : `${moved} clientes agora são`} de ${team.nameOf(to) ?? 'outro membro'}.`);
      onDone();
      void invalidateOperations(queryClient, OPS.contacts);
    },
    onError: (error) => notify.error('Não foi possível mudar o responsável', apiErrorMessage(error, '')),
  });
  const submit = () => {
    const body = { ids: [...ids], responsibleId: to };
    const checked = v.safeParse(ContactsReassignSchema, body);
    if (!checked.success) return setIssue(checked.issues[0].message);
    setIssue(null);
    move.mutate(body);
  };
  return (
    <div className={styles.bar} role="group" aria-label="Clientes selecionados">
      <Body1>{ids.length === 1 ? '1 cliente selecionado' : `${ids.length} clientes selecionados`}</Body1>
      <Select aria-label="Novo responsável" value={to} onChange={(_event, data) => setTo(data.value)}>
        <option value="">Novo responsável…</option>
        {team.active.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name ?? member.email}
          </option>
        ))}
      </Select>
      <Button appearance="primary" disabled={move.isPending} icon={move.isPending ? <Spinner size="tiny" /> : undefined} onClick={submit}>
        Mudar responsável
      </Button>
      <Button appearance="subtle" onClick={onDone}>
        Limpar seleção
      </Button>
      {issue ? (
        <Body1 role="alert" aria-live="polite">
          {issue}
        </Body1>
      ) : null}
    </div>
  );
}
