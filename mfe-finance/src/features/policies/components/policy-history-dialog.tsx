import { POLICY_FIGURES, POLICY_STATUS_LABELS, formatMoney, lineLabel, wireToCents, type Policy } from '@corretora/contracts';
import { AuditTrail, ViewDialog, type AuditField } from '@corretora/web-kit/ui';
import { policyName } from '../../../lib/policy-name';

const money = (raw: unknown) => (typeof raw === 'string' || typeof raw === 'number' ? formatMoney(wireToCents(String(raw))) : '—');

/** A policy's columns as Apólices names them; a column not listed is counted ('e mais 1 campo'), never shown by its name. */
const FIELDS: Readonly<Record<string, AuditField>> = {
  policyNumber: 'Nº da apólice',
  proposalNumber: 'Nº da proposta',
  awaitingNumber: { label: 'Aguardando nº da seguradora', value: (raw) => (raw === true ? 'sim' : 'não') },
  status: { label: 'Status', value: (raw) => (raw === 'cancelled' ? POLICY_STATUS_LABELS.cancelled : POLICY_STATUS_LABELS.active) },
  line: { label: 'Ramo', value: (raw) => (typeof raw === 'string' ? lineLabel(raw) : '—') },
  ...Object.fromEntries(POLICY_FIGURES.map((figure) => [figure.field, { label: figure.label, value: money }])),
  startDate: 'Início',
  renewalDate: 'Renovação',
  cancelledOn: 'Cancelada em',
  contactName: 'Cliente',
  responsibleId: 'Responsável',
};

/** 'Histórico de alterações' of one policy (owners and admins): who issued, numbered, reassigned or cancelled it, and when. */
export default function PolicyHistoryDialog({ policy, onClose }: { policy: Policy; onClose: () => void }) {
  return (
    <ViewDialog title={`Histórico da apólice ${policyName(policy)}`} onClose={onClose}>
      <AuditTrail entity="policy" entityId={policy.id} fields={FIELDS} />
    </ViewDialog>
  );
}
