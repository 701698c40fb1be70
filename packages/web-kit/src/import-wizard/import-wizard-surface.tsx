import {
  CATALOGUE_OPERATIONS,
  IMPORT_FIELDS,
  IMPORT_FIELD_INFO,
  IMPORT_MODE_OPTIONS,
  IMPORT_OPERATIONS as OPS,
  IMPORT_OUTCOME_LABELS,
  IMPORT_STATUS_LABELS,
  LINE_MATCH_LABELS,
  REQUIRED_IMPORT_FIELDS,
  formatCount,
  formatDateTime,
  type FieldIssue,
  type ImportCounts,
  type ImportCreated,
  type ImportDetail,
  type ImportMode,
  type ImportOutcome,
  type LineMatchStatus,
} from '@corretora/contracts';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, apiErrorMessage, callOperation, operationQuery, operationUrl, useOperation } from '@corretora/web-kit';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Body1, Body1Strong, Button, Caption1, Field, Spinner, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@corretora/web-kit/fluent/dialog';
import { MessageBar, MessageBarBody } from '@corretora/web-kit/fluent/message-bar';
import { ProgressBar } from '@corretora/web-kit/fluent/progress';
import { Select } from '@corretora/web-kit/fluent/select';
import { DataTable } from '../ui/data-table';
import type { ImportWizardProps } from './import-wizard-props';

const useStyles = makeStyles({
  surface: { maxWidth: '980px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: tokens.spacingHorizontalM },
  counts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  muted: { color: tokens.colorNeutralForeground3 },
  cell: { overflowWrap: 'anywhere' },
  error: { color: tokens.colorPaletteRedForeground1 },
  file: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

type Step = 'file' | 'mapping' | 'preview' | 'running' | 'summary';

/** The paths of an import's life: contacts and policies under /api/imports, an insurer's statements under /api/statements (same shapes). */
const IMPORT_PATHS = {
  list: OPS.imports,
  create: OPS.createImport,
  detail: OPS.importDetail,
  mapping: OPS.importMapping,
  commit: OPS.commitImport,
  undo: OPS.undoImport,
  errors: OPS.importErrors,
};
const STATEMENT_PATHS = {
  list: OPS.statements,
  create: OPS.createStatement,
  detail: OPS.statementDetail,
  mapping: OPS.statementMapping,
  commit: OPS.commitStatement,
  undo: OPS.undoStatement,
  errors: OPS.statementErrors,
} as unknown as typeof IMPORT_PATHS;
const pathsOf = (kind: ImportWizardProps['kind']) => (kind === 'statement' ? STATEMENT_PATHS : IMPORT_PATHS);
const PAGE = 50;
const OUTCOME_COLOURS: Record<ImportOutcome, 'success' | 'brand' | 'informative' | 'warning' | 'danger'> = {
  create: 'success',
  update: 'brand',
  skip: 'informative',
  duplicate: 'warning',
  error: 'danger',
};

const MATCH_COLOURS: Record<LineMatchStatus, 'success' | 'warning' | 'danger' | 'informative'> = {
  conciliado: 'success',
  pago_a_menor: 'warning',
  pago_a_maior: 'warning',
  estorno: 'danger',
  nao_identificado: 'informative',
};

function Counts({ counts }: { counts: ImportCounts }) {
  const styles = useStyles();
  return (
    <div className={styles.counts} aria-label="Contagens">
      {(Object.keys(IMPORT_OUTCOME_LABELS) as ImportOutcome[]).map((outcome) => (
        <Badge
          key={outcome}
          appearance="tint"
          color={OUTCOME_COLOURS[outcome]}
        >{`${IMPORT_OUTCOME_LABELS[outcome]}: ${formatCount(counts[outcome])}`}</Badge>
      ))}
    </div>
  );
}

function History({ kind, insurerId, onOpen }: { kind: ImportWizardProps['kind']; insurerId?: number; onOpen: (id: number) => void }) {
  const styles = useStyles();
  const history = useOperation(pathsOf(kind).list);
  const mine = (history.data ?? [])
    .filter((entry) => entry.kind === kind && (insurerId === undefined || entry.insurerId === insurerId))
    .slice(0, 10);
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

/** The dialog itself, loaded when ImportWizard first renders. */
export default function ImportWizardSurface({ kind, insurerId, title, onClose, onChanged }: ImportWizardProps) {
  const styles = useStyles();
  const paths = pathsOf(kind);
  const statement = kind === 'statement';
  const queryClient = useQueryClient();
  const fileInputId = useId();
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File | null>(null);
  const [sheet, setSheet] = useState('');
  const [created, setCreated] = useState<ImportCreated | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [mode, setMode] = useState<ImportMode>('upsert');
  const [insurers, setInsurers] = useState<Record<string, number>>({});
  const [offset, setOffset] = useState(0);
  const [outcome, setOutcome] = useState<ImportOutcome | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldIssues, setFieldIssues] = useState<FieldIssue[]>([]);

  const detailInput = {
    params: { id: importId ?? 0 },
    query: { offset: String(offset), limit: String(PAGE), ...(outcome ? { outcome } : {}) },
  };
  const detail = useQuery({
    ...operationQuery(paths.detail, detailInput),
    enabled: importId !== null && step !== 'file' && step !== 'mapping',
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 500 : false),
  });
  const reference = useOperation(CATALOGUE_OPERATIONS.referenceData, undefined, { enabled: kind === 'policies' });
  const current: ImportDetail | undefined = detail.data;
  if (step === 'running' && current && current.status !== 'running') setStep('summary');
  // The page refreshes what it lists once the import has run (or was undone), and again when the
  // wizard closes after changing anything: never from inside a render.
  const changed = useRef(false);
  // The page's callback changes identity on every render of the page: the effect reads the latest.
  const onChangedRef = useRef(onChanged);
  useEffect(() => {
    onChangedRef.current = onChanged;
  });
  const finished = step === 'summary' && current !== undefined && current.status !== 'running' ? `${current.id}:${current.status}` : null;
  useEffect(() => {
    if (finished === null) return;
    changed.current = true;
    onChangedRef.current();
  }, [finished]);
  const close = () => {
    if (changed.current) onChanged();
    onClose();
  };

  const fail = (caught: unknown, fallback: string) => {
    setError(apiErrorMessage(caught, fallback));
    setFieldIssues(caught instanceof ApiError ? (caught.body?.issues ?? []) : []);
  };
  const refreshDetail = () => queryClient.invalidateQueries({ queryKey: [paths.detail.id] });
  const refreshHistory = () => queryClient.invalidateQueries({ queryKey: [paths.list.id] });

  /** One step's call: busy while it runs, its failure shown (with the fields it names). */
  async function run(work: () => Promise<void>, fallback: string) {
    setBusy(true);
    setError(null);
    setFieldIssues([]);
    try {
      await work();
    } catch (caught) {
      fail(caught, fallback);
    } finally {
      setBusy(false);
    }
  }

  const upload = () => {
    if (!file) {
      setError('Selecione a planilha (CSV, TXT ou XLSX) para importar.');
      return Promise.resolve();
    }
    return run(async () => {
      const form = new FormData();
      if (statement) form.set('insurerId', String(insurerId ?? ''));
      else form.set('kind', kind);
      if (sheet) form.set('sheet', sheet);
      form.set('file', file);
      const answer = await callOperation(paths.create, { body: form });
      setCreated(answer);
      setImportId(answer.id);
      setMapping(answer.mapping);
      setOffset(0);
      void refreshHistory();
      setStep(answer.status === 'preview' ? 'preview' : 'mapping');
    }, 'Não foi possível ler a planilha. Tente novamente.');
  };

  const preview = () =>
    run(async () => {
      if (importId === null) return;
      const answer = await callOperation(paths.mapping, { params: { id: importId }, body: { mapping, mode, insurers } });
      queryClient.setQueryData(operationQuery(paths.detail, { ...detailInput, query: { offset: '0', limit: String(PAGE) } }).queryKey, {
        ...answer,
        rows: answer.rows.slice(0, PAGE),
      });
      setOffset(0);
      setOutcome('');
      await refreshDetail();
      setStep('preview');
    }, 'Não foi possível pré-visualizar. Confira o mapeamento.');

  const commit = () =>
    run(async () => {
      if (importId === null) return;
      const answer = await callOperation(paths.commit, { params: { id: importId } });
      // The page on screen takes the commit's status (running, or done already) before the next
      // poll: a stale 'preview' would end the progress step at once.
      queryClient.setQueryData(operationQuery(paths.detail, detailInput).queryKey, (previous: ImportDetail | undefined) =>
        previous ? { ...previous, ...answer, rows: previous.rows } : previous,
      );
      setStep('running');
      await refreshDetail();
    }, 'Não foi possível confirmar a importação.');

  const undo = () =>
    run(async () => {
      if (importId === null) return;
      await callOperation(paths.undo, { params: { id: importId } });
      await Promise.all([refreshDetail(), refreshHistory()]);
      changed.current = true;
      onChanged();
      setStep('summary');
    }, 'Não foi possível desfazer a importação.');

  function openPrevious(id: number) {
    setImportId(id);
    setOffset(0);
    setOutcome('');
    setError(null);
    setStep('summary');
  }

  const fields = IMPORT_FIELDS[kind];
  const info = IMPORT_FIELD_INFO[kind];
  const headers = created?.headers ?? current?.headers ?? [];
  const issueOf = (field: string) => fieldIssues.find((issue) => issue.path === `mapping.${field}`)?.message;

  let body;
  if (step === 'file') {
    body = (
      <>
        <Body1>
          Envie uma planilha CSV ou TXT (separada por ponto e vírgula, vírgula ou tabulação; UTF-8 ou Windows-1252) ou XLSX do Excel, de até
          20 MB e 100.000 linhas. A primeira linha deve ter os nomes das colunas.
        </Body1>
        <div className={styles.row}>
          <div className={styles.file}>
            <label htmlFor={fileInputId}>
              <Body1Strong>Planilha</Body1Strong>
            </label>
            <input
              id={fileInputId}
              type="file"
              required
              accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setSheet('');
                setError(null);
              }}
            />
          </div>
          {created && created.sheets.length > 1 ? (
            <Field label="Aba">
              <Select value={sheet || created.sheet || ''} onChange={(_event, data) => setSheet(data.value)}>
                {created.sheets.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
        </div>
        <History kind={kind} insurerId={insurerId} onOpen={openPrevious} />
      </>
    );
  } else if (step === 'mapping' && created) {
    body = (
      <>
        <Body1>
          {`${created.fileName}: ${formatCount(created.totalRows)} linhas, ${created.encoding === 'xlsx' ? `aba ${created.sheet ?? ''}` : `${created.encoding}, separador "${created.delimiter === '\t' ? 'tabulação' : (created.delimiter ?? '')}"`}. Diga qual coluna vai para cada campo (sugerimos pelos nomes das colunas; da próxima vez, um arquivo com as mesmas colunas já vem mapeado).`}
        </Body1>
        {created.sheets.length > 1 ? (
          <Caption1 className={styles.muted}>{`Abas: ${created.sheets.join(', ')}. Para ler outra aba, volte e escolha-a.`}</Caption1>
        ) : null}
        <div className={styles.grid}>
          {fields.map((field) => (
            <Field
              key={field}
              label={info[field]?.label ?? field}
              required={REQUIRED_IMPORT_FIELDS[kind].includes(field)}
              validationMessage={issueOf(field)}
            >
              <Select
                value={mapping[field] ?? ''}
                onChange={(_event, data) => setMapping((previous) => ({ ...previous, [field]: data.value }))}
              >
                <option value="">— não importar —</option>
                {headers.map((header) => (
                  <option key={header} value={header}>
                    {header}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
        </div>
        <Subtitle2 as="h3">Primeiras linhas</Subtitle2>
        <DataTable
          label="Primeiras linhas da planilha"
          keyboardScroll
          rows={created.sample.map((row, index) => ({ index, row }))}
          rowKey={(entry) => entry.index}
          empty=""
          columns={headers.slice(0, 8).map((header) => ({
            header,
            className: styles.cell,
            cell: (entry: { row: Record<string, string> }) => entry.row[header] ?? '',
          }))}
        />
      </>
    );
  } else if (step === 'preview' && current) {
    body = (
      <>
        <Body1>{`${current.fileName}: ${formatCount(current.totalRows)} linhas. Veja o que acontecerá com cada uma antes de confirmar.`}</Body1>
        <Counts counts={current.counts} />
        {current.unknownInsurers.length > 0 ? (
          <MessageBar intent="warning">
            <MessageBarBody>
              <Body1Strong>Seguradoras que não estão no seu cadastro.</Body1Strong> Escolha a qual delas cada nome corresponde, ou
              cadastre-as em Configurações e pré-visualize de novo.
              <div className={styles.grid}>
                {current.unknownInsurers.map((unknown) => (
                  <Field key={unknown.name} label={`${unknown.name} (${formatCount(unknown.rows)} linhas)`}>
                    <Select
                      value={String(insurers[unknown.name] ?? '')}
                      onChange={(_event, data) =>
                        setInsurers((previous) => ({ ...previous, ...(data.value ? { [unknown.name]: Number(data.value) } : {}) }))
                      }
                    >
                      <option value="">— escolha —</option>
                      {(reference.data?.insurers ?? []).map((insurer) => (
                        <option key={insurer.id} value={insurer.id}>
                          {insurer.name}
                        </option>
                      ))}
                    </Select>
                  </Field>
                ))}
              </div>
              <Button size="small" disabled={busy} onClick={() => void preview()}>
                Aplicar e pré-visualizar
              </Button>
            </MessageBarBody>
          </MessageBar>
        ) : null}
        <div className={styles.row}>
          {statement ? null : (
            <Field label="Modo">
              <Select value={mode} onChange={(_event, data) => setMode(data.value as ImportMode)}>
                {IMPORT_MODE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {!statement && mode !== current.mode ? (
            <Button disabled={busy} onClick={() => void preview()}>
              Pré-visualizar neste modo
            </Button>
          ) : null}
          <Field label="Mostrar">
            <Select
              value={outcome}
              onChange={(_event, data) => {
                setOutcome(data.value as ImportOutcome | '');
                setOffset(0);
              }}
            >
              <option value="">Todas as linhas</option>
              {(Object.keys(IMPORT_OUTCOME_LABELS) as ImportOutcome[]).map((value) => (
                <option key={value} value={value}>
                  {IMPORT_OUTCOME_LABELS[value]}
                </option>
              ))}
            </Select>
          </Field>
          {current.counts.error > 0 ? (
            <Button as="a" href={operationUrl(paths.errors, { params: { id: current.id } })} download>
              Baixar erros (CSV)
            </Button>
          ) : null}
        </div>
        <RowsTable detail={current} statement={statement} />
        <Pager total={outcome ? current.counts[outcome] : current.totalRows} offset={offset} onOffset={setOffset} />
      </>
    );
  } else if (step === 'running') {
    const progress = current?.progress;
    body = (
      <>
        <Body1 aria-live="polite">
          {progress ? `Importando: ${formatCount(progress.processed)} de ${formatCount(progress.total)} linhas…` : 'Importando…'}
        </Body1>
        <ProgressBar value={progress && progress.total > 0 ? progress.processed / progress.total : undefined} max={1} />
      </>
    );
  } else if (step === 'summary' && current) {
    body = (
      <>
        <Body1 aria-live="polite">{`${current.fileName}: ${IMPORT_STATUS_LABELS[current.status]}.`}</Body1>
        {current.applied ? (
          <Body1>{`${formatCount(current.applied.create)} criados, ${formatCount(current.applied.update)} atualizados, ${formatCount(current.applied.skip + current.applied.duplicate)} ignorados, ${formatCount(current.applied.error)} com erro.`}</Body1>
        ) : (
          <Counts counts={current.counts} />
        )}
        {current.error ? <Body1 className={styles.error}>{current.error}</Body1> : null}
        {current.undoUntil ? (
          <Caption1 className={styles.muted}>{`Pode ser desfeita até ${formatDateTime(current.undoUntil)}.`}</Caption1>
        ) : null}
        {current.status === 'undone' ? (
          <MessageBar intent={current.undoKept.length > 0 ? 'warning' : 'success'}>
            <MessageBarBody>
              {current.undoKept.length > 0
                ? `Importação desfeita. ${formatCount(current.undoKept.length)} registro(s) alterado(s) depois da importação foram mantidos: linhas ${current.undoKept.map((kept) => kept.line).join(', ')}.`
                : 'Importação desfeita: tudo voltou a ser como era.'}
            </MessageBarBody>
          </MessageBar>
        ) : null}
        {current.counts.error > 0 ? (
          <Button as="a" href={operationUrl(paths.errors, { params: { id: current.id } })} download>
            Baixar erros (CSV)
          </Button>
        ) : null}
      </>
    );
  } else {
    body = <Spinner label="Carregando…" />;
  }

  const running = step === 'running';
  return (
    <Dialog open onOpenChange={(_event, data) => (!data.open && !busy && !running ? close() : undefined)}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            {error ? (
              <MessageBar intent="error">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            ) : null}
            {body}
          </DialogContent>
          <DialogActions>
            {step === 'mapping' || (step === 'preview' && current?.status === 'preview') ? (
              <Button disabled={busy} onClick={() => setStep(step === 'preview' ? 'mapping' : 'file')}>
                Voltar
              </Button>
            ) : null}
            {step === 'summary' && current?.undoUntil ? (
              <Button disabled={busy} onClick={() => void undo()}>
                Desfazer importação
              </Button>
            ) : null}
            <Button appearance="secondary" disabled={busy || running} onClick={close}>
              {step === 'summary' ? 'Fechar' : 'Cancelar'}
            </Button>
            {step === 'file' ? (
              <Button appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void upload()}>
                Enviar planilha
              </Button>
            ) : null}
            {step === 'mapping' ? (
              <Button appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void preview()}>
                Pré-visualizar
              </Button>
            ) : null}
            {step === 'preview' && current?.status === 'preview' ? (
              <Button
                appearance="primary"
                disabled={busy || current.counts.create + current.counts.update === 0 || current.mode !== mode}
                icon={busy ? <Spinner size="tiny" /> : undefined}
                onClick={() => void commit()}
              >
                {statement
                  ? `Confirmar extrato (${formatCount(current.counts.create)} linhas a registrar)`
                  : `Confirmar importação (${formatCount(current.counts.create)} novos, ${formatCount(current.counts.update)} atualizações)`}
              </Button>
            ) : null}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function RowsTable({ detail, statement }: { detail: ImportDetail; statement: boolean }) {
  const styles = useStyles();
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
        ...(statement
          ? [
              {
                header: 'Conciliação',
                cell: (row: ImportDetail['rows'][number]) =>
                  row.match ? (
                    <Badge appearance="tint" color={MATCH_COLOURS[row.match.status]}>
                      {LINE_MATCH_LABELS[row.match.status]}
                    </Badge>
                  ) : (
                    ''
                  ),
              },
            ]
          : []),
        ...detail.headers
          .slice(0, 3)
          .map((header) => ({ header, className: styles.cell, cell: (row: ImportDetail['rows'][number]) => row.values[header] ?? '' })),
      ]}
    />
  );
}

function Pager({ total, offset, onOffset }: { total: number; offset: number; onOffset: (offset: number) => void }) {
  const styles = useStyles();
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
