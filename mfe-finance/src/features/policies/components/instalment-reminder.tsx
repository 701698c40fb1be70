import { FINANCE_OPERATIONS as OPS, saoPauloDay, type PolicyInstalment } from '@corretora/contracts';
import { apiErrorMessage, callOperation, invalidateOperations } from '@corretora/web-kit';
import { Button } from '@corretora/web-kit/fluent/core';
import { useNotify } from '@corretora/web-kit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** What a client still owes on (as the API counts it). */
const UNPAID = new Set<PolicyInstalment['status']>(['pendente', 'nao_pago', 'pago_a_menor']);

/** Whether an instalment is overdue and unpaid: the one a reminder is for. */
export function isOverdue(instalment: PolicyInstalment): boolean {
  return UNPAID.has(instalment.status) && instalment.dueDate < saoPauloDay(new Date());
}

/**
 * "Lembrar": an overdue instalment's reminder to the client by WhatsApp (#62) — through the
 * brokerage's number when it is connected (then on the client's timeline with its status), else the
 * wa.me link opens on the member's phone.
 */
export function InstalmentReminder({ policyId, instalment }: { policyId: number; instalment: PolicyInstalment }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const remind = useMutation({
    mutationFn: () => callOperation(OPS.instalmentWhatsapp, { params: { id: policyId, number: instalment.number } }),
    onSuccess: async (sent) => {
      if (sent.url) window.open(sent.url, '_blank', 'noopener');
      if (sent.status === 'failed') notify.error('Lembrete não enviado', sent.notice ?? undefined);
      else if (sent.via === 'provider') notify.success('Lembrete enviado pelo WhatsApp da corretora');
      else notify.success('Lembrete registrado no histórico do cliente', sent.notice ?? undefined);
      await invalidateOperations(queryClient, OPS.policyInstalments);
    },
    onError: (error) => notify.error(apiErrorMessage(error, 'Não foi possível lembrar o cliente.')),
  });
  return (
    <Button
      size="small"
      disabled={remind.isPending}
      aria-label={`Lembrar o cliente da parcela ${instalment.number} pelo WhatsApp`}
      onClick={() => remind.mutate()}
    >
      Lembrar
    </Button>
  );
}
