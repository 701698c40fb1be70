import { POLICY_TYPES, formatDate, formatMoney, optionLabel, type CommissionRow } from '@corretora/contracts';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1 } from '@corretora/web-kit/fluent/core';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@corretora/web-kit/fluent/table';

const useStyles = makeStyles({
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/** Comissões › Apólices: each policy's premium, commission and renewal, in cents from the server. */
export function CommissionPoliciesTable({ policies }: { policies: CommissionRow[] }) {
  const styles = useStyles();
  return policies.length === 0 ? (
      <Body1 className={styles.empty}>Nenhuma apólice para este filtro.</Body1>
    ) : (
      <Table aria-label="Comissões por apólice">
        <TableHeader>
          <TableRow>
            {['Apólice', 'Cliente', 'Tipo', 'Prêmio', 'Comissão', 'Renovação', 'Status'].map((header) => <TableHeaderCell key={header}>{header}</TableHeaderCell>)}
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
              <TableCell><Badge appearance="tint" color={row.status === 'active' ? 'success' : 'subtle'}>{row.status === 'active' ? 'Ativa' : 'Inativa'}</Badge></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
}
