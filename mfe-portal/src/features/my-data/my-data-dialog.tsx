import { PORTAL_OPERATIONS as OPS, PortalPrivacySchema, type PortalMe } from '@corretora/contracts';
import { apiErrorMessage, applyFieldErrors, callOperation } from '@corretora/web-kit';
import { Body1, Caption1, Text } from '@corretora/web-kit/fluent/core';
import { FormDialog, SelectField, TextareaField, useSchemaForm, Notice } from '@corretora/web-kit/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { usePortalStyles } from '../../lib/portal-styles';

const REQUESTS = [
  { value: 'access', label: 'Receber uma cópia dos meus dados' },
  { value: 'correction', label: 'Corrigir um dado' },
  { value: 'deletion', label: 'Eliminar meus dados' },
  { value: 'portability', label: 'Levar meus dados para outra corretora' },
  { value: 'revocation', label: 'Revogar o consentimento de marketing' },
] as const;

/** Meus dados: what the brokerage holds, and an LGPD request filed at once (they proved who they are to get here). */
export default function MyDataDialog({ me, onClose, onDone }: { me: PortalMe; onClose: () => void; onDone: (message: string) => void }) {
  const styles = usePortalStyles();
  const form = useSchemaForm(PortalPrivacySchema, { defaultValues: { type: undefined, note: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const file = useMutation({
    mutationFn: (body: { type: (typeof REQUESTS)[number]['value']; note: string | null }) => callOperation(OPS.privacyRequest, { body }),
    onMutate: () => setFailure(null),
    onSuccess: (answer) => onDone(answer.message),
    onError: (error) => {
      if (!applyFieldErrors(error, form.setError))
        setFailure(apiErrorMessage(error, 'Não foi possível registrar o pedido. Tente novamente.'));
    },
  });
  return (
    <FormDialog
      title="Meus dados"
      submitLabel="Enviar pedido (LGPD)"
      busy={file.isPending}
      onClose={onClose}
      onSubmit={form.handleSubmit((input) => file.mutate(input))}
    >
      <Body1>{`O que ${me.brokerage.name} guarda sobre você:`}</Body1>
      <dl className={styles.list}>
        {me.held.map((entry) => (
          <div key={entry.label}>
            <dt>
              <Caption1 className={styles.muted}>{entry.label}</Caption1>
            </dt>
            <dd className={styles.value}>
              <Text>{entry.value}</Text>
            </dd>
          </div>
        ))}
      </dl>
      <Body1>Pela Lei Geral de Proteção de Dados, você pode pedir:</Body1>
      {failure ? <Notice intent="error">{failure}</Notice> : null}
      <SelectField control={form.control} name="type" label="Seu pedido" required options={REQUESTS} />
      <TextareaField control={form.control} name="note" label="Detalhes (opcional)" maxLength={2000} />
    </FormDialog>
  );
}
