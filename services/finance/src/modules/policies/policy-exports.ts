import {
  PAYMENT_METHODS,
  POLICY_FIGURES,
  centsToWire,
  POLICY_STATUS_LABELS,
  lineLabel,
  type CommissionsResponse,
  type Policy,
  type ReferenceData,
} from '@corretora/contracts';
import { csvDate, csvDocument, csvMoney } from '@corretora/service-kit';

const METHOD_LABELS: Record<string, string> = Object.fromEntries(PAYMENT_METHODS.map((method) => [method.value, method.label]));

/** GET /api/policies.csv: the policy list as the screen filters it, for Excel in pt-BR (a policy awaiting its number says so). */
export function policiesCsv(policies: readonly Policy[], insurers: ReferenceData['insurers']): string {
  const names = new Map(insurers.map((insurer) => [insurer.id, insurer.name]));
  return csvDocument([
    [
      'Apólice',
      'Cliente',
      'Ramo',
      'Seguradora',
      'Início',
      'Renovação',
      ...POLICY_FIGURES.map((figure) => figure.label),
      'Comissão',
      'Forma de pagamento',
      'Status',
      'Cancelada em',
      'Estorno previsto',
      'Nº da proposta',
      'Nº da seguradora',
    ],
    ...policies.map((policy) => [
      policy.policyNumber,
      policy.contactName,
      lineLabel(policy.line),
      policy.insurerId === null ? '' : (names.get(policy.insurerId) ?? ''),
      csvDate(policy.startDate),
      csvDate(policy.renewalDate),
      ...POLICY_FIGURES.map((figure) => csvMoney(policy[figure.field])),
      policy.commissionType === 'percentage' ? `${csvMoney(policy.commissionValue)}%` : `R$ ${csvMoney(policy.commissionValue)}`,
      policy.paymentMethod ? (METHOD_LABELS[policy.paymentMethod] ?? policy.paymentMethod) : '',
      POLICY_STATUS_LABELS[policy.status],
      csvDate(policy.cancelledOn),
      csvMoney(policy.chargebackExpected),
      policy.proposalNumber ?? '',
      // A provisional number is the key an import matches again; this column says it is not the insurer's.
      policy.awaitingNumber ? 'Aguardando' : 'Informado',
    ]),
  ]);
}

const cents = (value: number) => csvMoney(centsToWire(value));

/** GET /api/commissions.csv: each policy's commission as the Comissões screen computes it (cents). */
export function commissionsCsv(report: CommissionsResponse): string {
  return csvDocument([
    [
      'Apólice',
      'Cliente',
      'Ramo',
      'Prêmio',
      'Base da comissão',
      'Comissão',
      'Tipo',
      'Taxa ou valor',
      'Renovação',
      'Meses até a renovação',
      'Status',
    ],
    ...report.policies.map((row) => [
      // The provisional PROV-… number is the system's: no screen nor export quotes it.
      row.awaitingNumber ? 'Aguardando nº da seguradora' : row.policyNumber,
      row.contactName,
      lineLabel(row.line),
      cents(row.premium),
      cents(row.commissionBase),
      cents(row.calculatedCommission),
      row.commissionType === 'percentage' ? 'Percentual' : 'Valor fixo',
      row.commissionType === 'percentage' ? `${csvMoney(row.commissionValue)}%` : csvMoney(row.commissionValue),
      csvDate(row.renewalDate),
      String(row.monthsUntilRenewal),
      POLICY_STATUS_LABELS[row.status],
    ]),
  ]);
}
