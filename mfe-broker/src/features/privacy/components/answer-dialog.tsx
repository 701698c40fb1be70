import {
  PRIVACY_OPERATIONS as OPS,
  PRIVACY_REQUEST_STATES,
  PRIVACY_REQUEST_STATE_OPTIONS,
  PrivacyRequestUpdateSchema,
  choiceOf,
  type BodyInputOf,
  type PrivacyRequest,
  type PrivacyRequestState,
} from '@corretora/contracts';
import { callOperation, invalidateOperations } from '@corretora/web-kit';
import { Body1, Field } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { Textarea } from '@corretora/web-kit/fluent/textarea';
import { FormDialog, useFieldIssues, useNotify } from '@corretora/web-kit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';

/** A request's state and the answer given to the subject (required to answer or refuse); done, its deadline task is done. */
export default function AnswerDialog({ request, onClose }: { request: PrivacyRequest; onClose: () => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PrivacyRequestState>(request.state);
  const [answer, setAnswer] = useState(request.answer ?? '');
  const { issues, check, fail } = useFieldIssues();
  const save = useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.updatePrivacyRequest>) =>
      callOperation(OPS.updatePrivacyRequest, { params: { id: request.id }, body }),
    onSuccess: () => {
      notify.success(`Pedido ${request.protocol} atualizado`);
      void invalidateOperations(queryClient, OPS.privacyRequests);
      onClose();
    },
    onError: (error) => fail(error, 'Não foi possível salvar.'),
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = check(PrivacyRequestUpdateSchema, { state, answer: answer || null });
    if (body) save.mutate(body);
  };
  return (
    <FormDialog title={`Pedido ${request.protocol}`} submitLabel="Salvar" busy={save.isPending} onSubmit={submit} onClose={onClose}>
      {request.note && <Body1>{request.note}</Body1>}
      <Field label="Situação" validationMessage={issues.state}>
        <Select value={state} onChange={(_event, data) => setState(choiceOf(data.value, PRIVACY_REQUEST_STATES) ?? 'open')}>
          {PRIVACY_REQUEST_STATE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Resposta dada ao titular" validationMessage={issues.answer}>
        <Textarea value={answer} onChange={(_event, data) => setAnswer(data.value)} maxLength={5000} resize="vertical" />
      </Field>
    </FormDialog>
  );
}
