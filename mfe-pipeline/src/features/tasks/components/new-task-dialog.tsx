import {
  PIPELINE_OPERATIONS,
  TASK_TITLE_MAX,
  TaskCreateSchema,
  TaskEditSchema,
  formatDate,
  formatDateTime,
  maskDate,
  parseDate,
  saoPauloDay,
  type Contact,
  type Task,
} from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';
import { Field, Input } from '@corretora/web-kit/fluent/core';
import { FormDialog, MaskedInput, ResponsibleSelect, useFieldIssues, useNotify } from '@corretora/web-kit/ui';
import { useState } from 'react';
import { ContactPicker } from '../../../components/contact-picker';
import { useCreateTask, useEditTask } from '../api/tasks-api';

/** São Paulo keeps -03:00 all year (no daylight saving since 2019): a typed hour is that instant. */
const SAO_PAULO_OFFSET = '-03:00';

/** A task's hour as the broker typed it (HH:MM in São Paulo, the lists' own formatter), or '' for a task of the whole day. */
function hourOf(task: Task): string {
  return task.timed ? formatDateTime(task.dueAt, 'America/Sao_Paulo').slice(-5) : '';
}

/**
 * Nova tarefa: what to do, the day (and the hour when it matters) and, optionally, the
 * client it is about. `contactId` (the ficha's "Nova tarefa") opens on that client. With `task`
 * it edits a written task's words and when (whom it is about stays: a new task is for another).
 */
export function NewTaskDialog({ contactId, task, onClose }: { contactId?: number; task?: Task; onClose: () => void }) {
  const notify = useNotify();
  const create = useCreateTask();
  const edit = useEditTask();
  const preset = useOperation(PIPELINE_OPERATIONS.contact, { params: { id: contactId ?? 0 } }, { enabled: contactId !== undefined });
  const [picked, setPicked] = useState<Contact | null | undefined>(undefined);
  const client = picked === undefined ? (preset.data ?? null) : picked;
  const [title, setTitle] = useState(task?.title ?? '');
  const [date, setDate] = useState(task ? formatDate(saoPauloDay(task.dueAt)) : '');
  const [time, setTime] = useState(task ? hourOf(task) : '');
  const [responsibleId, setResponsibleId] = useState('');
  const { issues, setIssues, fail, check } = useFieldIssues();
  const done = (message: string) => () => {
    notify.success(message);
    onClose();
  };

  return (
    <FormDialog
      title={task ? 'Editar tarefa' : 'Nova tarefa'}
      submitLabel={task ? 'Salvar' : 'Criar tarefa'}
      busy={create.isPending || edit.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const day = parseDate(date);
        if (!day) return setIssues({ dueAt: 'Informe a data como dd/mm/aaaa' });
        const dueAt = time ? `${day}T${time}:00${SAO_PAULO_OFFSET}` : day;
        if (task) {
          const body = check(TaskEditSchema, { title, dueAt });
          if (!body) return;
          return edit.mutate(
            { task, body },
            { onSuccess: done('Tarefa alterada'), onError: (error) => fail(error, 'Não foi possível alterar a tarefa.') },
          );
        }
        const body = check(TaskCreateSchema, { title, dueAt, contactId: client?.id ?? null, responsibleId });
        if (!body) return;
        create.mutate(body, { onSuccess: done('Tarefa criada'), onError: (error) => fail(error, 'Não foi possível criar a tarefa.') });
      }}
    >
      <Field label="O que fazer" required validationMessage={issues.title}>
        <Input value={title} maxLength={TASK_TITLE_MAX} onChange={(_event, data) => setTitle(data.value)} />
      </Field>
      <Field label="Dia" required validationMessage={issues.dueAt}>
        <MaskedInput value={date} mask={maskDate} placeholder="dd/mm/aaaa" inputMode="numeric" onChange={setDate} />
      </Field>
      <Field label="Hora" hint="Opcional: sem hora, vale o dia todo">
        <Input type="time" value={time} onChange={(_event, data) => setTime(data.value)} />
      </Field>
      {task ? null : (
        <ContactPicker
          value={client}
          required={false}
          onChange={(contact) => {
            setPicked(contact);
            setIssues({});
          }}
          error={issues.contactId}
        />
      )}
      {task ? null : <ResponsibleSelect value={responsibleId} onChange={setResponsibleId} issue={issues.responsibleId} />}
    </FormDialog>
  );
}
