import { FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';

/** Whether the deal's client got the CNSP 382 disclosure, and whether the brokerage refuses to close without it. */
export function useDisclosureStatus(cardId: number) {
  return useOperation(OPS.cardDisclosureStatus, { params: { id: cardId } });
}
