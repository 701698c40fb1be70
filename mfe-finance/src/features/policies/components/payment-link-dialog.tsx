import {
  FINANCE_OPERATIONS as OPS,
  InstalmentPaymentLinkSchema,
  PAYMENT_LINK_MAX,
  formatDate,
  formatMoney,
  wireToCents,
  type BodyInputOf,
  type PolicyInstalment,
} from '@corretora/contracts';
import { callOperation, invalidateOperations } from '@corretora/web-kit';
import { Body1, Button, Field, Input } from '@corretora/web-kit/fluent/core';
import { FormDialog, useFieldIssues, useNotify } from '@corretora/web-kit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

/** Attaches the boleto's or Pix's link to one instalment (the client opens it on the portal), or removes it. */
export default function PaymentLinkDialog({
  policyId,
  instalment,
  count,
  onClose,
}: {
  policyId: number;
  instalment: PolicyInstalment;
  count: number;
  onClose: () => void;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [link, setLink] = useState(instalment.paymentLink ?? '');
  const { issues, fail, check } = useFieldIssues();
  const save = useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.setInstalmentPaymentLink>) =>
      callOperation(OPS.setInstalmentPaymentLink, { params: { id: policyId, number: instalment.number }, body }),
    onSuccess: async (_rows, body) => {
      await invalidateOperations(queryClient, OPS.policyInstalments);
      notify.success(body.paymentLink ? 'Link de pagamento anexado' : 'Link de pagamento removido');
      onClose();
    },
    onError: (error) => fail(error, 'Falha ao salvar o link de pagamento.'),
  });
  return (
    <FormDialog
      title={`Boleto ou Pix da parcela ${instalment.number}/${count}`}
      submitLabel="Salvar link"
      busy={save.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const body = check(InstalmentPaymentLinkSchema, { paymentLink: link });
        if (body) save.mutate(body);
      }}
      extraActions={
        instalment.paymentLink ? (
          <Button disabled={save.isPending} onClick={() => save.mutate({ paymentLink: null })}>
            Remover link
          </Button>
        ) : undefined
      }
    >
      <Body1>
        Vencimento {formatDate(instalment.dueDate)}, {formatMoney(wireToCents(instalment.premium))}. O cliente abre este link no portal
        enquanto a parcela não estiver paga.
      </Body1>
      <Field label="Link do boleto ou do Pix" required validationMessage={issues.paymentLink}>
        <Input
          type="url"
          value={link}
          maxLength={PAYMENT_LINK_MAX}
          placeholder="https://"
          inputMode="url"
          onChange={(_event, data) => setLink(data.value)}
        />
      </Field>
    </FormDialog>
  );
}
