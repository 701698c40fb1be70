import { STATEMENT_LINE_TYPE_LABELS, formatDate, formatMoney, wireToCents, type StatementLine } from '@corretora/contracts';
import { Button, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { DataTable } from '@corretora/web-kit/ui';
import { makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({ cell: { overflowWrap: 'anywhere' } });

const money = (wire: string) => formatMoney(wireToCents(wire));

/**
 * The month's statement lines that paid no instalment the book knows (Recebíveis): each with
 * "Conciliar" for whoever may match it by hand (onMatch; null: a producer, who only reads).
 */
export function UnidentifiedLines({ lines, onMatch }: { lines: StatementLine[]; onMatch: ((line: StatementLine) => void) | null }) {
  const styles = useStyles();
  return (
    <>
      <Subtitle2 as="h3">Linhas não identificadas</Subtitle2>
      <DataTable
        label="Linhas de extrato não identificadas"
        keyboardScroll
        rows={lines}
        rowKey={(line) => line.id}
        empty="Nenhuma linha de extrato sem parcela neste mês."
        columns={[
          { header: 'Apólice no extrato', className: styles.cell, cell: (line) => line.policyNumber ?? '—' },
          { header: 'Parcela', cell: (line) => line.instalmentNumber ?? '—' },
          { header: 'Tipo', cell: (line) => STATEMENT_LINE_TYPE_LABELS[line.type] },
          { header: 'Pago em', cell: (line) => (line.paidOn ? formatDate(line.paidOn) : '—') },
          { header: 'Bruto', cell: (line) => money(line.gross) },
          { header: 'Observação', className: styles.cell, cell: (line) => line.note ?? '' },
          ...(onMatch
            ? [
                {
                  header: 'Ações',
                  cell: (line: StatementLine) => (
                    <Button size="small" onClick={() => onMatch(line)}>
                      Conciliar
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
