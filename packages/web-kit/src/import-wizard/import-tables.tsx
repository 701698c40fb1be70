import {
  IMPORT_OUTCOME_LABELS,
  IMPORT_STATUS_LABELS,
  formatCount,
  formatDateTime,
  type ImportCounts,
  type ImportDetail,
  type ImportOutcome,
} from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Button, Caption1, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { DataTable } from '../ui/data-table';
import type { ImportKindDescriptor } from './import-wizard-props';
import { PAGE, useWizardStyles } from './import-wizard-styles';

const OUTCOME_COLOURS: Record<ImportOutcome, 'success' | 'brand' | 'informative' | 'warning' | 'danger'> = {
  create: 'success',
  update: 'brand',
  skip: 'informative',
  duplicate: 'warning',
  error: 'danger',
};

/** The outcomes, in the order the contracts list their labels. */
export const OUTCOMES = Object.keys(IMPORT_OUTCOME_LABELS).filter((key): key is ImportOutcome => key in OUTCOME_COLOURS);

export function Counts({ counts }: { counts: ImportCounts }) {
  const styles = useWizardStyles();
  return (
    <div className={styles.counts} aria-label="Contagens">
      {OUTCOMES.map((outcome) => (
        <Badge
          key={outcome}
          appearance="tint"
          color={OUTCOME_COLOURS[outcome]}
        >{`${IMPORT_OUTCOME_LABELS[outcome]}: ${formatCount(counts[outcome])}`}</Badge>
      ))}
    </div>
  );
}

/** The kind's last ten imports, each reopened on its summary. */
export function History({ descriptor, onOpen }: { descriptor: ImportKindDescriptor; onOpen: (id: number) => void }) {
  const styles = useWizardStyles();
  const history = useOperation(descriptor.door.list);
  const mine = (history.data ?? []).filter(descriptor.history).slice(0, 10);
  if (mine.length === 0) return null;
  return (
    <section aria-label="Importações anteriores">
      <Subtitle2 as="h3">Importações anteriores</Subtitle2>
      <DataTable
        label="Importações anteriores"
        rows={mine}
        rowKey={(entry) => entry.id}
        empty=""
        columns={[
          { header: 'Arquivo', className: styles.cell, cell: (entry) => entry.fileName },
          { header: 'Quando', cell: (entry) => formatDateTime(entry.createdAt) },
          { header: 'Por', className: styles.cell, cell: (entry) => entry.createdBy ?? '—' },
          {
            header: 'Linhas',
            cell: (entry) =>
              entry.applied
                ? `${formatCount(entry.applied.create)} criadas, ${formatCount(entry.applied.update)} atualizadas`
                : `${formatCount(entry.totalRows)} lidas`,
          },
          { header: 'Situação', cell: (entry) => IMPORT_STATUS_LABELS[entry.status] },
          {
            header: 'Ações',
            cell: (entry) => (
              <Button size="small" onClick={() => onOpen(entry.id)}>
                Abrir
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}

/** A page of the preview: each row's outcome and why, the kind's own columns, the first cells. */
export function RowsTable({ detail, descriptor }: { detail: ImportDetail; descriptor: ImportKindDescriptor }) {
  const styles = useWizardStyles();
  return (
    <DataTable
      label="Linhas da planilha"
      keyboardScroll
      rows={detail.rows}
      rowKey={(row) => row.line}
      empty="Nenhuma linha com este resultado."
      columns={[
        { header: 'Linha', cell: (row) => row.line },
        {
          header: 'Resultado',
          cell: (row) => (
            <Badge appearance="tint" color={OUTCOME_COLOURS[row.outcome]}>
              {IMPORT_OUTCOME_LABELS[row.outcome]}
            </Badge>
          ),
        },
        {
          header: 'Detalhe',
          className: styles.cell,
          cell: (row) =>
            row.errors.length > 0 ? (
              <span className={styles.error}>{row.errors.map((issue) => issue.message).join('; ')}</span>
            ) : (
              (row.reason ?? '')
            ),
        },
        ...(descriptor.columns ?? []),
        ...detail.headers.slice(0, 3).map((header) => ({
          header,
          className: styles.cell,
          cell: (row: ImportDetail['rows'][number]) => row.values[header] ?? '',
        })),
      ]}
    />
  );
}

export function Pager({ total, offset, onOffset }: { total: number; offset: number; onOffset: (offset: number) => void }) {
  const styles = useWizardStyles();
  if (total <= PAGE) return null;
  return (
    <nav className={styles.row} aria-label="Páginas da pré-visualização">
      <Button disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - PAGE))}>
        Anterior
      </Button>
      <Caption1>{`Linhas ${formatCount(offset + 1)}–${formatCount(Math.min(total, offset + PAGE))} de ${formatCount(total)}`}</Caption1>
      <Button disabled={offset + PAGE >= total} onClick={() => onOffset(offset + PAGE)}>
        Próxima
      </Button>
    </nav>
  );
}
