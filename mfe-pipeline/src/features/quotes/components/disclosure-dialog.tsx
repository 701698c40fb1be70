import { FINANCE_OPERATIONS, QuoteDisclosureSchema, type Quote } from '@corretora/contracts';
import { apiErrorMessage, operationUrl } from '@corretora/web-kit';
import { FormDialog, SelectField, TextField, useFormErrors, useNotify, useSchemaForm } from '@corretora/web-kit/ui';
import { Caption1 } from '@corretora/web-kit/fluent/core';
import { useSendDisclosure } from '../api/quotes-api';

const CHANNELS = [
  { value: 'download', label: 'Baixar o PDF para entregar' },
  { value: 'email', label: 'Enviar por e-mail' },
  { value: 'whatsapp', label: 'Enviar pelo WhatsApp' },
];

/**
 * "Informe CNSP 382" of one quote: the PDF is made and kept among the client's documents (its SHA-256
 * on the timeline), then downloaded, e-mailed (to the client's address unless another is typed) or
 * handed to WhatsApp.
 */
export function DisclosureDialog({ quote, insurer, onClose }: { quote: Quote; insurer: string; onClose: () => void }) {
  const notify = useNotify();
  const send = useSendDisclosure();
  const { control, handleSubmit, setError, watch } = useSchemaForm(QuoteDisclosureSchema, {
    defaultValues: { channel: 'download', email: '' },
  });
  const onError = useFormErrors(setError);
  const channel = watch('channel');
  const submit = handleSubmit((input) =>
    send.mutate(
      { id: quote.id, input },
      {
        onSuccess: (sent) => {
          if (sent.whatsappUrl) window.open(sent.whatsappUrl, '_blank', 'noopener');
          if (sent.channel === 'download')
            window.open(operationUrl(FINANCE_OPERATIONS.downloadDocument, { params: { id: sent.id } }), '_blank', 'noopener');
          notify.success('Informe CNSP 382 registrado', `SHA-256 ${sent.sha256.slice(0, 16)}… no histórico do cliente.`);
          onClose();
        },
        onError: (error) => onError(error, 'Não foi possível enviar o informe.', apiErrorMessage(error, '')),
      },
    ),
  );
  return (
    <FormDialog
      title="Informe de remuneração (CNSP 382)"
      submitLabel="Gerar informe"
      busy={send.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Caption1 as="p">
        {`Cotação da ${insurer}: o informe declara o prêmio comercial, a remuneração da corretora em reais e os itens I a III cadastrados em Minha Corretora.`}
      </Caption1>
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
