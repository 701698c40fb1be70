import {
  AUDIT_FIELDS,
  CATALOGUE_OPERATIONS,
  POLICY_FIGURES,
  POLICY_STATUS_LABELS,
  formatMoney,
  lineLabel,
  wireToCents,
  type Policy,
} from '@corretora/contracts';
import { AuditTrail, ViewDialog, type AuditField } from '@corretora/web-kit/ui';
import { useOperation } from '@corretora/web-kit';
import { policyName } from '../../../lib/policy-name';

const money = (raw: unknown) => (typeof raw === 'string' || typeof raw === 'number' ? formatMoney(wireToCents(String(raw))) : '—');
const percent = (raw: unknown) => (raw === null || raw === undefined ? '—' : `${String(raw).replace('.', ',')}%`);
const label = (field: string) => AUDIT_FIELDS.policy![field] ?? AUDIT_FIELDS.policy_participant![field]!;

/** How Apólices reads some of a policy's fields (and its repasse split's); contracts name every field (AUDIT_FIELDS). */
function useFields(): Readonly<Record<string, AuditField>> {
  const insurers = new Map(
    (useOperation(CATALOGUE_OPERATIONS.referenceData).data?.insurers ?? []).map((insurer) => [insurer.id, insurer.name]),
  );
  return {
    awaitingNumber: { label: label('awaitingNumber'), value: (raw) => (raw === true ? 'sim' : 'não') },
    status: {
      label: label('status'),
      value: (raw) => (raw === 'cancelled' ? POLICY_STATUS_LABELS.cancelled : POLICY_STATUS_LABELS.active),
    },
    line: { label: label('line'), value: (raw) => (typeof raw === 'string' ? lineLabel(raw) : '—') },
    insurerId: { label: label('insurerId'), value: (raw) => insurers.get(Number(raw)) ?? 'Seguradora removida' },
    ...Object.fromEntries(POLICY_FIGURES.map((figure) => [figure.field, { label: figure.label, value: money }])),
    commissionValue: { label: label('commissionValue'), value: (raw) => String(raw).replace('.', ',') },
    commissionType: { label: label('commissionType'), value: (raw) => (raw === 'fixed' ? 'Valor fixo' : 'Percentual') },
    chargebackExpected: { label: label('chargebackExpected'), value: money },
    role: { label: label('role'), value: (raw) => (raw === 'angariador' ? 'Angariador' : 'Produtor') },
    share: { label: label('share'), value: percent },
    percent: { label: label('percent'), value: percent },
  };
}

/** 'Histórico de alterações' of one policy (owners and admins): who issued, numbered, reassigned, split or cancelled it, and when. */
export default function PolicyHistoryDialog({ policy, onClose }: { policy: Policy; onClose: () => void }) {
  const fields = useFields();
  return (
    <ViewDialog title={`Histórico da apólice ${policyName(policy)}`} onClose={onClose}>
      <AuditTrail entity="policy" entityId={policy.id} fields={fields} />
    </ViewDialog>
  );
}
