import { formatCount, formatDate, formatMoney, lineLabel, type LineKey } from '@corretora/contracts';
import { DataTable, Pager, QueryState } from '@corretora/web-kit/ui';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Caption1 } from '@corretora/web-kit/fluent/core';
import { useState } from 'react';
import { COMMISSION_PAGE_SIZE, useCommissionPolicies } from '../api/commissions-api';

/**
 * Comissões › Apólices: each policy's premiums, commission (on the net premium) and renewal, in cents
 * from the server, a page at a time (renewal order); a line chosen starts again at the first page.
 */
export function CommissionPoliciesTable({ line }: { line: LineKey | 'all' }) {
  const [paging, setPaging] = useState({ line, page: 1 });
  const page = paging.line === line ? paging.page : 1;
  const rows = useCommissionPolicies(line, page);
  return (
    <QueryState query={rows} loading="Carregando apólices..." error="Não foi possível carregar as apólices. Tente novamente.">
      {({ items, total }) => (
        <>
          <Caption1 role="status">{total === 1 ? '1 apólice' : `${formatCount(total)} apólices`}</Caption1>
          <DataTable
            label="Comissões por apólice"
            rows={items}
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
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(total / COMMISSION_PAGE_SIZE))}
            onPage={(next) => setPaging({ line, page: next })}
          />
        </>
      )}
    </QueryState>
  );
}
