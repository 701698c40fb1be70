import {
  PRIVACY_CHANNEL_OPTIONS,
  PRIVACY_OPERATIONS as OPS,
  PRIVACY_REQUEST_TYPE_OPTIONS,
  PRIVACY_SUBJECT_KIND_OPTIONS,
  PRIVACY_SUBJECT_KINDS,
  PrivacyRequestSchema,
  choiceOf,
  maskCnpj,
  maskCpf,
  type BodyInputOf,
  type PrivacySubjectKind,
} from '@corretora/contracts';
import { callOperation, invalidateOperations } from '@corretora/web-kit';
import { Field, Input } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { Textarea } from '@corretora/web-kit/fluent/textarea';
import { FormDialog, useFieldIssues, useNotify } from '@corretora/web-kit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';

const CHANNELS = PRIVACY_CHANNEL_OPTIONS.filter((option) => option.value !== 'form');

/** Novo pedido: whom it is about (a CPF, a CNPJ or an e-mail), what they ask, how it came in; checked with the contract's schema. */
export default function NewRequestDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<PrivacySubjectKind>('cpf');
  const [value, setValue] = useState('');
  const [type, setType] = useState('access');
  const [channel, setChannel] = useState('email');
  const [note, setNote] = useState('');
  const { issues, check, fail } = useFieldIssues();
  const create = useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.createPrivacyRequest>) => callOperation(OPS.createPrivacyRequest, { body }),
    onSuccess: (request) => {
      notify.success(`Pedido ${request.protocol} registrado`, 'A tarefa do prazo foi criada em Minhas tarefas.');
      void invalidateOperations(queryClient, OPS.privacyRequests);
      onClose();
    },
    onError: (error) => fail(error, 'Não foi possível registrar o pedido.'),
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = check(PrivacyRequestSchema, { subject: { [kind]: value }, type, channel, note: note || null }, (path) =>
      path.startsWith('subject') ? 'subject' : path,
    );
    if (body) create.mutate(body);
  };
  const mask = (text: string) => (kind === 'cpf' ? maskCpf(text) : kind === 'cnpj' ? maskCnpj(text) : text);
  return (
    <FormDialog title="Novo pedido de titular" submitLabel="Registrar pedido" busy={create.isPending} onSubmit={submit} onClose={onClose}>
      <Field label="Identificar o titular por">
        <Select
          value={kind}
          onChange={(_event, data) => {
            setKind(choiceOf(data.value, PRIVACY_SUBJECT_KINDS) ?? 'cpf');
            setValue('');
          }}
        >
          {PRIVACY_SUBJECT_KIND_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label={PRIVACY_SUBJECT_KIND_OPTIONS.find((option) => option.value === kind)!.label}
        required
        validationMessage={issues.subject}
      >
        <Input value={value} inputMode={kind === 'email' ? 'email' : 'numeric'} onChange={(_event, data) => setValue(mask(data.value))} />
      </Field>
      <Field label="Tipo de pedido" required validationMessage={issues.type}>
        <Select value={type} onChange={(_event, data) => setType(data.value)}>
          {PRIVACY_REQUEST_TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Como chegou" required validationMessage={issues.channel}>
        <Select value={channel} onChange={(_event, data) => setChannel(data.value)}>
          {CHANNELS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Observação" validationMessage={issues.note}>
        <Textarea value={note} onChange={(_event, data) => setNote(data.value)} maxLength={2000} />
      </Field>
    </FormDialog>
  );
}
