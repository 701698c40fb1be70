import { PIPELINE_OPERATIONS, TASK_TITLE_MAX, TaskCreateSchema, maskDate, parseDate, type Contact } from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';
import { Field, Input } from '@corretora/web-kit/fluent/core';
import { FormDialog, MaskedInput, useFieldIssues, useNotify } from '@corretora/web-kit/ui';
import { useState } from 'react';
import { ContactPicker } from '../../../components/contact-picker';
import { useCreateTask } from '../api/tasks-api';

/** São Paulo keeps -03:00 all year (no daylight saving since 2019): a typed hour is that instant. */
const SAO_PAULO_OFFSET = '-03:00';

/**
 * Nova tarefa (#35 item 5): what to do, the day (and the hour when it matters) and, optionally, the
 * client it is about. `contactId` (the ficha's "Nova tarefa") opens on that client.
 */
export function NewTaskDialog({ contactId, onClose }: { contactId?: number; onClose: () => void }) {
  const notify = useNotify();
  const create = useCreateTask();
  const preset = useOperation(PIPELINE_OPERATIONS.contact, { params: { id: contactId ?? 0 } }, { enabled: contactId !== undefined });
  const [picked, setPicked] = useState<Contact | null | undefined>(undefined);
  const client = picked === undefined ? (preset.data ?? null) : picked;
  const [title, setTitle] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const { issues, setIssues, fail, check } = useFieldIssues();

  return (
    <FormDialog
      title="Nova tarefa"
      submitLabel="Criar tarefa"
      busy={create.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const day = parseDate(date);
        if (!day) return setIssues({ dueAt: 'Informe a data como dd/mm/aaaa' });
        const body = check(TaskCreateSchema, {
          title,
          dueAt: time ? `${day}T${time}:00${SAO_PAULO_OFFSET}` : day,
          contactId: client?.id ?? null,
        });
        if (!body) return;
        create.mutate(body, {
          onSuccess: () => {
            notify.success('Tarefa criada');
            onClose();
          },
          onError: (error) => fail(error, 'Não foi possível criar a tarefa.'),
        });
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
      <ContactPicker
        value={client}
        required={false}
        onChange={(contact) => {
          setPicked(contact);
          setIssues({});
        }}
        error={issues.contactId}
      />
    </FormDialog>
  );
}
