import { LINE_MATCH_LABELS, STATEMENT_DOOR, formatCount, type ImportRowResult, type LineMatchStatus } from '@corretora/contracts';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { ImportWizard, importFields, type ImportKindDescriptor } from '@corretora/web-kit/import-wizard';

const MATCH_COLOURS: Record<LineMatchStatus, 'success' | 'warning' | 'danger' | 'informative'> = {
  conciliado: 'success',
  pago_a_menor: 'warning',
  pago_a_maior: 'warning',
  estorno: 'danger',
  nao_identificado: 'informative',
};

/** A line's reconciliation in the preview (and, once committed, as finance keeps it). */
const MATCH_COLUMN = {
  header: 'Conciliação',
  cell: (row: ImportRowResult) =>
    row.match ? (
      <Badge appearance="tint" color={MATCH_COLOURS[row.match.status]}>
        {LINE_MATCH_LABELS[row.match.status]}
      </Badge>
    ) : (
      ''
    ),
};

/** An insurer's statement: its lines matched to instalments; a line is recorded once, whatever the mode. */
function statementImport(insurerId: number): ImportKindDescriptor {
  return {
    kind: 'statement',
    door: STATEMENT_DOOR,
    fields: importFields('statement'),
    upload: { insurerId: String(insurerId) },
    history: (entry) => entry.kind === 'statement' && entry.insurerId === insurerId,
    modes: false,
    columns: [MATCH_COLUMN],
    confirmLabel: (counts) => `Confirmar extrato (${formatCount(counts.create)} linhas a registrar)`,
  };
}

/** Importar extrato of one insurer. Loaded with the dialog, never with the page. */
export default function StatementImport(props: { insurer: { id: number; name: string }; onClose: () => void; onChanged: () => void }) {
  return (
    <ImportWizard
      descriptor={statementImport(props.insurer.id)}
      title={`Importar extrato: ${props.insurer.name}`}
      onClose={props.onClose}
      onChanged={props.onChanged}
    />
  );
}
