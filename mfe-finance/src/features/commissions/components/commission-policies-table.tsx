import { formatDate, formatMoney, lineLabel, type CommissionRow } from '@corretora/contracts';
import { DataTable } from '@corretora/web-kit/ui';
import { Badge } from '@corretora/web-kit/fluent/badge';

/** Comissões › Apólices: each policy's premiums, commission (on the net premium) and renewal, in cents from the server. */
export function CommissionPoliciesTable({ policies }: { policies: CommissionRow[] }) {
  return (
    <DataTable
      label="Comissões por apólice"
      rows={policies}
      rowKey={(row) => row.id}
      empty="Nenhuma apólice para este filtro."
      columns={[
        { header: 'Apólice', cell: (row) => (row.awaitingNumber ? 'Aguardando nº da seguradora' : row.policyNumber) },
        { header: 'Cliente', cell: (row) => row.contactName },
        { header: 'Ramo', cell: (row) => lineLabel(row.line) },
        { header: 'Prêmio total', cell: (row) => formatMoney(row.premium) },
        // What the commission is computed on: the prêmio líquido (the total where it is unknown).
        { header: 'Prêmio líquido', cell: (row) => formatMoney(row.commissionBase) },
        { header: 'Comissão', cell: (row) => formatMoney(row.calculatedCommission) },
        { header: 'Renovação', cell: (row) => formatDate(row.renewalDate) },
        {
          header: 'Status',
          cell: (row) => (
            <Badge appearance="tint" color={row.status === 'active' ? 'success' : 'subtle'}>
              {row.status === 'active' ? 'Ativa' : 'Inativa'}
            </Badge>
          ),
        },
      ]}
    />
  );
}
