import { CATALOGUE_OPERATIONS, LINE_OF_POLICY_TYPE, type RenewalItem } from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';
import { QuoteFormDialog } from '@corretora/web-kit/quotes';
import { useTeam } from '@corretora/web-kit/ui';
import { useAddRenewalQuote } from '../api/renewals-api';

/**
 * "Registrar cotação" for a renewal: the same quote a deal takes (premiums, payment, franquia,
 * coverages on the policy's line, commission for the roles that see money), the policy's car or
 * property carried by the server.
 */
export function RenewalQuoteDialog({ item, onClose }: { item: RenewalItem; onClose: () => void }) {
  const team = useTeam();
  const reference = useOperation(CATALOGUE_OPERATIONS.referenceData);
  const add = useAddRenewalQuote(item.id);
  const insurers = (reference.data?.insurers ?? []).map((insurer) => ({ value: String(insurer.id), label: insurer.name }));
  return (
    <QuoteFormDialog
      line={LINE_OF_POLICY_TYPE[item.type]}
      title={`Registrar cotação: ${item.policyNumber}`}
      submitLabel="Registrar cotação"
      saved="Cotação registrada"
      insurerOptions={insurers}
      money={team.money}
      save={(body) => add.mutateAsync(body)}
      onClose={onClose}
    />
  );
}
