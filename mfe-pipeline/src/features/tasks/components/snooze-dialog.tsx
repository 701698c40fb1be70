import { addDaysToDay, maskDate, parseDate, saoPauloDay, type Task } from '@corretora/contracts';
import { Field } from '@corretora/web-kit/fluent/core';
import { FormDialog, MaskedInput, useFieldIssues, useNotify } from '@corretora/web-kit/ui';
import { useState } from 'react';
import { useTaskSnooze } from '../api/tasks-api';

/** Adiar: the task comes back on the day chosen (tomorrow unless the broker says otherwise). */
export function SnoozeDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const notify = useNotify();
  const snooze = useTaskSnooze();
  // The day the dialog opened on: fixed for its life, not re-read on every render.
  const [tomorrow] = useState(() => addDaysToDay(saoPauloDay(Date.now()), 1));
  const [date, setDate] = useState(() => tomorrow.split('-').reverse().join('/'));
  const { issues, setIssues, fail } = useFieldIssues();
  return (
    <FormDialog
      title={`Adiar: ${task.title}`}
      submitLabel="Adiar tarefa"
      busy={snooze.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const day = parseDate(date);
        if (!day) return setIssues({ until: 'Informe a data como dd/mm/aaaa' });
        if (day < tomorrow) return setIssues({ until: 'Escolha uma data a partir de amanhã' });
        snooze.mutate(
          { task, day },
          {
            onSuccess: () => {
              notify.success('Tarefa adiada');
              onClose();
            },
            onError: (error) => fail(error, 'Não foi possível adiar a tarefa.'),
          },
        );
      }}
    >
      <Field label="Até" required validationMessage={issues.until}>
        <MaskedInput value={date} mask={maskDate} placeholder="dd/mm/aaaa" inputMode="numeric" onChange={setDate} />
      </Field>
    </FormDialog>
  );
}
