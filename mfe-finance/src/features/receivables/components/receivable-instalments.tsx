import {
  FINANCE_OPERATIONS as OPS,
  INSTALMENT_STATUS_LABELS,
  STATEMENT_LINE_TYPE_LABELS,
  formatCount,
  formatDate,
  type InstalmentStatus,
  type ReceivableInsurerTotals,
} from '@corretora/contracts';
import { apiErrorMessage } from '@corretora/web-kit';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Button, Caption1, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { DataTable, Pager, QueryState, useMayCall, useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { ClientLink } from '../../../components/client-link';
import { wireMoney as money } from '../../../components/wire-money';
import { RECEIVABLE_PAGE_SIZE, useReceivableInstalments, useUnmatchLine } from '../api/receivables-api';

const useStyles = makeStyles({
  negative: { color: tokens.colorPaletteRedForeground1 },
  cell: { overflowWrap: 'anywhere' },
});

const STATUS_COLOURS: Record<InstalmentStatus, 'success' | 'warning' | 'danger' | 'informative' | 'subtle'> = {
  pendente: 'informative',
  conciliado: 'success',
  pago_a_menor: 'warning',
  pago_a_maior: 'warning',
  nao_pago: 'danger',
  estorno: 'danger',
};

/**
 * One insurer's instalments of the month, each with the statement lines paid to it, a page at a time
 * (by due day): a large brokerage's month holds hundreds of thousands.
 */
export function ReceivableInstalments({ month, row, onChanged }: { month: string; row: ReceivableInsurerTotals; onChanged: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const instalments = useReceivableInstalments(month, row.insurerId, page);
  const mayUnmatch = useMayCall(OPS.unmatchStatementLine);
  const unmatch = useUnmatchLine({
    onSaved: () => {
      notify.success('Conciliação desfeita: a linha voltou para as não identificadas.');
      onChanged();
    },
    onFailed: (error) => notify.error('Não foi possível desfazer a conciliação.', apiErrorMessage(error, '')),
  });
  const label = `Parcelas de ${row.insurerName}`;
  return (
    <section aria-label={label}>
      <Subtitle2 as="h4">{label}</Subtitle2>
      <QueryState query={instalments} loading="Carregando parcelas..." error="Não foi possível carregar as parcelas. Tente novamente.">
        {({ items, total }) => (
          <>
            <Caption1 block role="status">
              {total === 1 ? '1 parcela' : `${formatCount(total)} parcelas`}
            </Caption1>
            <DataTable
              label={label}
              keyboardScroll
              rows={items}
              rowKey={(instalment) => instalment.instalmentId}
              empty="Nenhuma parcela."
              columns={[
                { header: 'Apólice', className: styles.cell, cell: (instalment) => instalment.policyNumber },
                {
                  header: 'Cliente',
                  className: styles.cell,
                  cell: (instalment) => <ClientLink id={instalment.contactId} name={instalment.contactName} />,
                },
                { header: 'Parcela', cell: (instalment) => instalment.number },
                { header: 'Vencimento', cell: (instalment) => formatDate(instalment.dueDate) },
                { header: 'Previsto', cell: (instalment) => money(instalment.expected) },
                { header: 'Recebido', cell: (instalment) => money(instalment.received) },
                {
                  header: 'Diferença',
                  cell: (instalment) => (
                    <span className={instalment.difference?.startsWith('-') ? styles.negative : undefined}>
                      {money(instalment.difference)}
                    </span>
                  ),
                },
                {
                  header: 'Situação',
                  cell: (instalment) => (
                    <Badge appearance="tint" color={STATUS_COLOURS[instalment.status]}>
                      {INSTALMENT_STATUS_LABELS[instalment.status]}
                    </Badge>
                  ),
                },
                {
                  header: 'Linhas do extrato',
                  className: styles.cell,
                  cell: (instalment) =>
                    instalment.lines.map((line) => (
                      <div key={line.id}>
                        {`${STATEMENT_LINE_TYPE_LABELS[line.type]} ${money(line.gross)}${line.paidOn ? ` em ${formatDate(line.paidOn)}` : ''}`}
                        {line.note ? ` (${line.note})` : ''}{' '}
                        {mayUnmatch ? (
                          <Button size="small" appearance="subtle" disabled={unmatch.isPending} onClick={() => unmatch.mutate(line)}>
                            Desconciliar
                          </Button>
                        ) : null}
                      </div>
                    )),
                },
              ]}
            />
            <Pager page={page} pages={Math.max(1, Math.ceil(total / RECEIVABLE_PAGE_SIZE))} onPage={setPage} />
          </>
        )}
      </QueryState>
    </section>
  );
}
