import { PORTAL_OPERATIONS as OPS, PORTAL_REQUEST_KINDS, PORTAL_REQUEST_LABELS, PortalChangeRequestSchema } from '@corretora/contracts';
import { apiErrorMessage, applyFieldErrors, callOperation } from '@corretora/web-kit';
import { FormDialog, SelectField, TextareaField, useSchemaForm, Notice } from '@corretora/web-kit/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

/** Pedir alteração: a new address, car or driver, a cancellation: a task for whoever looks after the client. */
export default function ChangeDialog({ onClose, onDone }: { onClose: () => void; onDone: (message: string) => void }) {
  const form = useSchemaForm(PortalChangeRequestSchema, { defaultValues: { kind: undefined, text: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: { kind: (typeof PORTAL_REQUEST_KINDS)[number]; text: string }) => callOperation(OPS.requestChange, { body }),
    onMutate: () => setFailure(null),
    onSuccess: (answer) => onDone(answer.message),
    onError: (error) => {
      if (!applyFieldErrors(error, form.setError)) setFailure(apiErrorMessage(error, 'Não foi possível enviar o pedido. Tente novamente.'));
    },
  });
  return (
    <FormDialog
      title="Pedir alteração"
      submitLabel="Enviar pedido"
      busy={send.isPending}
      onClose={onClose}
      onSubmit={form.handleSubmit((input) => send.mutate(input))}
    >
      {failure ? <Notice intent="error">{failure}</Notice> : null}
      <SelectField
        control={form.control}
        name="kind"
        label="O que deseja alterar"
        required
        options={PORTAL_REQUEST_KINDS.map((kind) => ({ value: kind, label: PORTAL_REQUEST_LABELS[kind] }))}
      />
      <TextareaField control={form.control} name="text" label="Conte os detalhes" required maxLength={2000} />
    </FormDialog>
  );
}
