import { ComparisonCreateSchema, FINANCE_OPERATIONS, formatMoney, wireToCents, type Quote } from '@corretora/contracts';
import { apiErrorMessage, operationUrl } from '@corretora/web-kit';
import { FormDialog, SelectField, TextField, useFormErrors, useNotify, useSchemaForm } from '@corretora/web-kit/ui';
import { Checkbox } from '@corretora/web-kit/fluent/checkbox';
import { Caption1, Field } from '@corretora/web-kit/fluent/core';
import { useController } from 'react-hook-form';
import type { ReferenceNames } from '../../../lib/reference-names';
import { useCreateComparison } from '../api/quotes-api';

const CHANNELS = [
  { value: 'download', label: 'Copiar o link e baixar o PDF' },
  { value: 'email', label: 'Enviar por e-mail' },
  { value: 'whatsapp', label: 'Enviar pelo WhatsApp' },
];

/**
 * "Enviar comparativo": the quotes to show the client (the recommended ones, else all, to start), and
 * how it goes; the link opens without a session for 30 days, the PDF stays among the client's documents.
 */
export function ComparisonDialog({
  cardId,
  quotes,
  names,
  onClose,
}: {
  cardId: number;
  quotes: readonly Quote[];
  names: ReferenceNames;
  onClose: () => void;
}) {
  const notify = useNotify();
  const create = useCreateComparison(cardId);
  const recommended = quotes.filter((quote) => quote.status === 'recommended').map((quote) => quote.id);
  const { control, handleSubmit, setError, watch } = useSchemaForm(ComparisonCreateSchema, {
    defaultValues: {
      quoteIds: recommended.length ? recommended : quotes.slice(0, 10).map((quote) => quote.id),
      channel: 'download',
      email: '',
    },
  });
  const onError = useFormErrors(setError);
  const chosen = useController({ control, name: 'quoteIds' });
  const channel = watch('channel');
  const submit = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (link) => {
        if (link.whatsappUrl) window.open(link.whatsappUrl, '_blank', 'noopener');
        if (link.channel === 'download') {
          window.open(operationUrl(FINANCE_OPERATIONS.downloadDocument, { params: { id: link.pdfDocumentId } }), '_blank', 'noopener');
          void navigator.clipboard?.writeText(link.url).catch(() => undefined);
        }
        // Through the brokerage's number (#62): sent, or failed with a task to send it again; a notice when it went as a link instead.
        if (link.whatsappStatus === 'failed') notify.error('Comparativo pronto, mas não enviado', link.whatsappNotice ?? undefined);
        else
          notify.success(
            'Comparativo pronto',
            link.channel === 'download'
              ? 'Link copiado: cole na conversa com o cliente.'
              : link.whatsappStatus
                ? 'Enviado pelo WhatsApp da corretora e registrado no histórico do cliente.'
                : (link.whatsappNotice ?? 'Registrado no histórico do cliente.'),
          );
        onClose();
      },
      onError: (error) => onError(error, 'Não foi possível criar o comparativo.', apiErrorMessage(error, '')),
    }),
  );
  const toggle = (id: number, on: boolean) => {
    const current = chosen.field.value ?? [];
    chosen.field.onChange(on ? [...current, id] : current.filter((value) => value !== id));
  };
  return (
    <FormDialog
      title="Enviar comparativo ao cliente"
      submitLabel="Criar comparativo"
      busy={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Caption1 as="p">
        O cliente vê as cotações escolhidas lado a lado, sem a comissão, por um link válido por 30 dias (que pode ser revogado).
      </Caption1>
      <Field
        label="Cotações"
        validationMessage={chosen.fieldState.error?.message}
        validationState={chosen.fieldState.error ? 'error' : 'none'}
      >
        <div role="group" aria-label="Cotações do comparativo">
          {quotes.map((quote) => (
            <Checkbox
              key={quote.id}
              label={`${names.insurer(quote.insurerId)} — ${formatMoney(wireToCents(quote.totalPremium))}`}
              checked={(chosen.field.value ?? []).includes(quote.id)}
              onChange={(_event, data) => toggle(quote.id, data.checked === true)}
            />
          ))}
        </div>
      </Field>
      <SelectField control={control} name="channel" label="Como entregar" options={CHANNELS} required />
      {channel === 'email' ? (
        <TextField
          control={control}
          name="email"
          label="E-mail do cliente"
          type="email"
          maxLength={100}
          hint="Em branco: o e-mail do cadastro"
        />
      ) : null}
    </FormDialog>
  );
}
