import { QUOTE_IMPORT_FIELD_INFO, type LineKey } from '@corretora/contracts';
import { ApiError, apiErrorMessage } from '@corretora/web-kit';
import { Button, Caption1 } from '@corretora/web-kit/fluent/core';
import { MessageBar, MessageBarBody } from '@corretora/web-kit/fluent/message-bar';
import { useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { TableArrowUpRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useImportQuotes } from '../api/quotes-api';

/** What the service takes (the gateway's body limit for this path). */
const MAX_BYTES = 120 * 1024;
const SHOWN_ISSUES = 8;
const COLUMNS = Object.values(QUOTE_IMPORT_FIELD_INFO)
  .map((field) => field.label)
  .join(', ');

const useStyles = makeStyles({
  issues: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  notice: { flexBasis: '100%' },
});

/**
 * "Importar planilha": the insurers' quotes from a sheet (a multicálculo's export, the broker's own),
 * one a row; the line's coverages by their column names. A sheet with errors makes nothing: the rows'
 * errors stay listed here until the next try.
 */
export function QuoteSheetButton({ cardId, line }: { cardId: number; line: LineKey }) {
  const styles = useStyles();
  const notify = useNotify();
  const chooser = useRef<HTMLInputElement>(null);
  const upload = useImportQuotes(cardId, line);
  const [problem, setProblem] = useState<{ message: string; issues: { path: string; message: string }[] } | null>(null);
  const send = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setProblem({ message: 'A planilha de cotações deve ter no máximo 120 KB (até 60 cotações).', issues: [] });
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (result) =>
        notify.success(result.quotes.length === 1 ? '1 cotação importada' : `${result.quotes.length} cotações importadas`),
      onError: (error) =>
        setProblem({
          message: apiErrorMessage(error, 'Não foi possível importar a planilha.'),
          issues: error instanceof ApiError ? (error.body?.issues ?? []) : [],
        }),
    });
  };
  return (
    <>
      <Button icon={<TableArrowUpRegular />} disabled={upload.isPending} onClick={() => chooser.current?.click()}>
        {upload.isPending ? 'Importando...' : 'Importar planilha'}
      </Button>
      <input
        ref={chooser}
        type="file"
        hidden
        accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-label="Planilha de cotações (CSV ou XLSX)"
        onChange={(event) => {
          send(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {problem ? (
        <MessageBar className={styles.notice} intent="error" layout="multiline">
          <MessageBarBody>
            {problem.message}
            {problem.issues.length > 0 ? (
              <ul className={styles.issues}>
                {problem.issues.slice(0, SHOWN_ISSUES).map((issue) => (
                  <li
                    key={`${issue.path}:${issue.message}`}
                  >{`${issue.path.replace(/^linha (\d+)\..*$/, 'Linha $1')}: ${issue.message}`}</li>
                ))}
                {problem.issues.length > SHOWN_ISSUES ? <li>{`e mais ${problem.issues.length - SHOWN_ISSUES} erros`}</li> : null}
              </ul>
            ) : (
              <Caption1 as="p">{`Uma cotação por linha; colunas lidas: ${COLUMNS} e as coberturas do ramo pelo nome.`}</Caption1>
            )}
          </MessageBarBody>
        </MessageBar>
      ) : null}
    </>
  );
}
