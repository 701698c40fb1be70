import {
  NEXT_ACTION_TYPES,
  PIPELINE_OPERATIONS as OPS,
  RELATIONSHIP_OPERATIONS,
  formatDate,
  maskDate,
  nextActionInstant,
  parseDate,
  saoPauloDay,
  type NextActionType,
  type PipelineCard,
  choiceOf,
} from '@corretora/contracts';
import { callOperation, invalidateOperations } from '@corretora/web-kit';
import { Button, Field } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { Textarea } from '@corretora/web-kit/fluent/textarea';
import { FormDialog, MaskedInput, useFieldIssues, useNotify } from '@corretora/web-kit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { replaceCard } from '../../../lib/board-cache';

/** When and what the broker does next for a card (or nothing: 'sem próxima ação'). */
export function NextActionDialog({ card, onClose }: { card: PipelineCard; onClose: () => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const current = card.nextAction;
  const [date, setDate] = useState(current ? formatDate(saoPauloDay(current.dueAt)) : '');
  const [type, setType] = useState<NextActionType>(current?.type ?? 'ligar');
  const [note, setNote] = useState(current?.note ?? '');
  const { issues, setIssues, fail } = useFieldIssues();
  const save = useMutation({
    mutationFn: (day: string | null) =>
      callOperation(OPS.cardNextAction, {
        params: { id: card.id },
        body: day === null ? { dueAt: null, type: null, note: null } : { dueAt: nextActionInstant(day), type, note: note || null },
      }),
    onSuccess: async (saved) => {
      replaceCard(queryClient, saved);
      await invalidateOperations(queryClient, RELATIONSHIP_OPERATIONS.tasks, RELATIONSHIP_OPERATIONS.taskPage);
      notify.success('Próxima ação salva');
      onClose();
    },
    onError: (error) => fail(error, 'Não foi possível salvar a próxima ação.'),
  });
  return (
    <FormDialog
      title={`Próxima ação: ${card.contact.name}`}
      submitLabel="Salvar próxima ação"
      busy={save.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const day = parseDate(date);
        if (!day) return setIssues({ dueAt: 'Informe a data como dd/mm/aaaa' });
        save.mutate(day);
      }}
      extraActions={
        current ? (
          <Button disabled={save.isPending} onClick={() => save.mutate(null)}>
            Remover próxima ação
          </Button>
        ) : undefined
      }
    >
      <Field label="Quando" required validationMessage={issues.dueAt}>
        <MaskedInput value={date} mask={maskDate} placeholder="dd/mm/aaaa" inputMode="numeric" onChange={setDate} />
      </Field>
      <Field label="O quê" required validationMessage={issues.type}>
        <Select value={type} onChange={(_event, data) => setType(choiceOf(data.value, NEXT_ACTION_TYPES) ?? type)}>
          {NEXT_ACTION_TYPES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Observação" validationMessage={issues.note}>
        <Textarea value={note} maxLength={500} onChange={(_event, data) => setNote(data.value)} />
      </Field>
    </FormDialog>
  );
}
