import type { Policy } from '@corretora/contracts';

/** How a policy is named to the broker: the insurer's number, or whose it is while it awaits one. */
export const policyName = (policy: Pick<Policy, 'awaitingNumber' | 'policyNumber' | 'contactName'>) =>
  policy.awaitingNumber ? `de ${policy.contactName} (aguardando nº)` : policy.policyNumber;
