import { FINANCE_OPERATIONS as OPS, type RepasseClosing } from '@corretora/contracts';
import { callOperation, invalidateOperations, operationUrl, useOperation } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A month's repasse (everyone's, or one member's); the last answer stays while another month loads. */
export function useRepasse(query: { month: string; memberId: string }) {
  return useOperation(OPS.repasse, { query }, { keepPrevious: true });
}

/** Closing a month (`beforeItEnds`: the month on the calendar, asked a second time); the month's figures reload. */
export function useCloseRepasseMonth(
  month: string,
  handlers: { onClosed: (closed: RepasseClosing) => void; onFailed: (error: unknown) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (beforeItEnds: boolean) => callOperation(OPS.closeRepasseMonth, { params: { month }, body: { beforeItEnds } }),
    onSuccess: (closed) => {
      handlers.onClosed(closed);
      void invalidateOperations(queryClient, OPS.repasse);
    },
    onError: handlers.onFailed,
  });
}

/** The month's lines as CSV. */
export const repasseCsvUrl = (query: { month: string; memberId: string }) => operationUrl(OPS.repasseCsv, { query });

/** A member's or an angariador's statement of the month, as PDF. */
export const repasseStatementUrl = (query: { month: string; memberId: string } | { month: string; angariador: string }) =>
  operationUrl(OPS.repasseStatement, { query });
