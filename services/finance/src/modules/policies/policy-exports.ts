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

/**
 * GET /api/policies.csv: the policy list as the screen filters it, for Excel in pt-BR (a policy
 * awaiting its number says so). `money`: the commission and the expected chargeback, for the roles
 * that see money (an assistant's file has neither column).
 */
export function policiesCsv(
  policies: readonly Policy[],
  insurers: ReferenceData['insurers'],
  /** Whose each policy is: the member's name, '' when identity did not say. */
  memberName: (memberId: string) => string,
  money = true,
): string {
  const names = new Map(insurers.map((insurer) => [insurer.id, insurer.name]));
  const columns: [string, (policy: Policy) => string][] = [
    ['Apólice', (policy) => policy.policyNumber],
    ['Cliente', (policy) => policy.contactName],
    ['Ramo', (policy) => lineLabel(policy.line)],
    ['Seguradora', (policy) => (policy.insurerId === null ? '' : (names.get(policy.insurerId) ?? ''))],
    ['Início', (policy) => csvDate(policy.startDate)],
    ['Renovação', (policy) => csvDate(policy.renewalDate)],
    ...POLICY_FIGURES.map((figure): [string, (policy: Policy) => string] => [figure.label, (policy) => csvMoney(policy[figure.field])]),
    ...(money
      ? ([
          [
            'Comissão',
            (policy) =>
              policy.commissionType === 'percentage' ? `${csvMoney(policy.commissionValue)}%` : `R$ ${csvMoney(policy.commissionValue)}`,
          ],
        ] satisfies [string, (policy: Policy) => string][])
      : []),
    ['Forma de pagamento', (policy) => (policy.paymentMethod ? (METHOD_LABELS[policy.paymentMethod] ?? policy.paymentMethod) : '')],
    ['Status', (policy) => POLICY_STATUS_LABELS[policy.status]],
    ['Cancelada em', (policy) => csvDate(policy.cancelledOn)],
    ...(money
      ? ([['Estorno previsto', (policy) => csvMoney(policy.chargebackExpected)]] satisfies [string, (policy: Policy) => string][])
      : []),
    ['Nº da proposta', (policy) => policy.proposalNumber ?? ''],
    // A provisional number is the key an import matches again; this column says it is not the insurer's.
    ['Nº da seguradora', (policy) => (policy.awaitingNumber ? 'Aguardando' : 'Informado')],
    ['Responsável', (policy) => memberName(policy.responsibleId)],
  ];
  return csvDocument([columns.map(([header]) => header), ...policies.map((policy) => columns.map(([, cell]) => cell(policy)))]);
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
