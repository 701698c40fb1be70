import { POLICY_TYPES, formatDate, formatMoney, optionLabel, type CommissionRow } from '@corretora/contracts';
import { EmptyState } from '@corretora/web-kit/ui';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@corretora/web-kit/fluent/table';

/** Comissões › Apólices: each policy's premium, commission and renewal, in cents from the server. */
export function CommissionPoliciesTable({ policies }: { policies: CommissionRow[] }) {
  return policies.length === 0 ? (
    <EmptyState>Nenhuma apólice para este filtro.</EmptyState>
  ) : (
    <Table aria-label="Comissões por apólice">
      <TableHeader>
        <TableRow>
          {['Apólice', 'Cliente', 'Tipo', 'Prêmio', 'Comissão', 'Renovação', 'Status'].map((header) => (
            <TableHeaderCell key={header}>{header}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {policies.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{row.policyNumber}</TableCell>
            <TableCell>{row.contactName}</TableCell>
            <TableCell>{optionLabel(POLICY_TYPES, row.type)}</TableCell>
            <TableCell>{formatMoney(row.premium)}</TableCell>
            <TableCell>{formatMoney(row.calculatedCommission)}</TableCell>
            <TableCell>{formatDate(row.renewalDate)}</TableCell>
            <TableCell>
              <Badge appearance="tint" color={row.status === 'active' ? 'success' : 'subtle'}>
                {row.status === 'active' ? 'Ativa' : 'Inativa'}
              </Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
