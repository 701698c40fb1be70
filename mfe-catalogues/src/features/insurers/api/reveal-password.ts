import { CATALOGUE_OPERATIONS } from '@corretora/contracts';
import { callOperation } from '@corretora/web-kit';
import { useMutation } from '@tanstack/react-query';

/** Asks the server for one insurer's portal password; only when the broker clicks to see it. */
export function useRevealPassword() {
  return useMutation({ mutationFn: (id: number) => callOperation(CATALOGUE_OPERATIONS.revealInsurerPassword, { params: { id } }) });
}
