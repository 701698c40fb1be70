import {
  IMPORT_MODES,
  IMPORT_MODE_OPTIONS,
  IMPORT_OUTCOME_LABELS,
  IMPORT_STATUS_LABELS,
  choiceOf,
  formatCount,
  formatDateTime,
  type ImportCreated,
  type ImportDetail,
  type ImportMode,
  type ImportOutcome,
} from '@corretora/contracts';
import { operationUrl } from '@corretora/web-kit';
import type { UploadProgress } from '@corretora/web-kit/uploads';
import { Body1, Body1Strong, Button, Caption1, Field, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { MessageBar, MessageBarBody } from '@corretora/web-kit/fluent/message-bar';
import { ProgressBar } from '@corretora/web-kit/fluent/progress';
import { Select } from '@corretora/web-kit/fluent/select';
import { useId } from 'react';
import { DataTable } from '../ui/data-table';
import { Counts, History, OUTCOMES, Pager, RowsTable } from './import-tables';
import type { ImportKindDescriptor } from './import-wizard-props';
import { useWizardStyles } from './import-wizard-styles';

/** '1 criado', '0 criados', '2.000 criados'. */
const counted = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

function ErrorsLink({ descriptor, detail }: { descriptor: ImportKindDescriptor; detail: ImportDetail }) {
  if (detail.counts.error === 0) return null;
  return (
    <Button as="a" href={operationUrl(descriptor.door.errors, { params: { id: detail.id } })} download>
      Baixar erros (CSV)
    </Button>
  );
}

export function FileStep(props: {
  descriptor: ImportKindDescriptor;
  created: ImportCreated | null;
  sheet: string;
  onFile: (file: File | null) => void;
  onSheet: (sheet: string) => void;
  onOpen: (id: number) => void;
  /** The file going up: its progress, and cancel. */
  sending: { progress: UploadProgress; cancel: () => void } | null;
}) {
  const styles = useWizardStyles();
  const fileInputId = useId();
  const { created } = props;
  return (
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
            onChange={(event) => props.onFile(event.target.files?.[0] ?? null)}
          />
        </div>
        {created && created.sheets.length > 1 ? (
          <Field label="Aba">
            <Select value={props.sheet || created.sheet || ''} onChange={(_event, data) => props.onSheet(data.value)}>
              {created.sheets.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
      </div>
      {props.sending ? <SendingFile {...props.sending} /> : null}
      <History descriptor={props.descriptor} onOpen={props.onOpen} />
    </>
  );
}

function SendingFile({ progress, cancel }: { progress: UploadProgress; cancel: () => void }) {
  const styles = useWizardStyles();
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.sent / progress.total) * 100)) : 0;
  return (
    <div className={styles.row}>
      <ProgressBar className={styles.progress} value={percent / 100} max={1} aria-label={`Enviando a planilha: ${percent}%`} />
      <Caption1 aria-live="polite">{`Enviando a planilha: ${percent}%`}</Caption1>
      <Button size="small" onClick={cancel}>
        Cancelar envio
      </Button>
    </div>
  );
}

export function MappingStep(props: {
  descriptor: ImportKindDescriptor;
  created: ImportCreated;
  mapping: Record<string, string>;
  onMapping: (field: string, header: string) => void;
  issueOf: (field: string) => string | undefined;
}) {
  const styles = useWizardStyles();
  const { created } = props;
  const source =
    created.encoding === 'xlsx'
      ? `aba ${created.sheet ?? ''}`
      : `${created.encoding}, separador "${created.delimiter === '\t' ? 'tabulação' : (created.delimiter ?? '')}"`;
  return (
    <>
      <Body1>
        {`${created.fileName}: ${formatCount(created.totalRows)} linhas, ${source}. Diga qual coluna vai para cada campo (sugerimos pelos nomes das colunas; da próxima vez, um arquivo com as mesmas colunas já vem mapeado).`}
      </Body1>
      {created.sheets.length > 1 ? (
        <Caption1 className={styles.muted}>{`Abas: ${created.sheets.join(', ')}. Para ler outra aba, volte e escolha-a.`}</Caption1>
      ) : null}
      <div className={styles.grid}>
        {props.descriptor.fields.map(({ field, label, required }) => (
          <Field key={field} label={label} required={required} validationMessage={props.issueOf(field)}>
            <Select value={props.mapping[field] ?? ''} onChange={(_event, data) => props.onMapping(field, data.value)}>
              <option value="">— não importar —</option>
              {created.headers.map((header) => (
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
        columns={created.headers.slice(0, 8).map((header) => ({
          header,
          className: styles.cell,
          cell: (entry: { row: Record<string, string> }) => entry.row[header] ?? '',
        }))}
      />
    </>
  );
}

export function PreviewStep(props: {
  descriptor: ImportKindDescriptor;
  detail: ImportDetail;
  busy: boolean;
  mode: ImportMode;
  onMode: (mode: ImportMode) => void;
  insurers: Record<string, number>;
  onInsurer: (name: string, id: number | null) => void;
  outcome: ImportOutcome | '';
  onOutcome: (outcome: ImportOutcome | '') => void;
  offset: number;
  onOffset: (offset: number) => void;
  onPreview: () => void;
}) {
  const styles = useWizardStyles();
  const { descriptor, detail } = props;
  return (
    <>
      <Body1>{`${detail.fileName}: ${formatCount(detail.totalRows)} linhas. Veja o que acontecerá com cada uma antes de confirmar.`}</Body1>
      <Counts counts={detail.counts} />
      {detail.unknownInsurers.length > 0 ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            <Body1Strong>Seguradoras que não estão no seu cadastro.</Body1Strong> Escolha a qual delas cada nome corresponde, ou cadastre-as
            em Configurações e pré-visualize de novo.
            <div className={styles.grid}>
              {detail.unknownInsurers.map((unknown) => (
                <Field key={unknown.name} label={`${unknown.name} (${formatCount(unknown.rows)} linhas)`}>
                  <Select
                    value={String(props.insurers[unknown.name] ?? '')}
                    onChange={(_event, data) => props.onInsurer(unknown.name, data.value ? Number(data.value) : null)}
                  >
                    <option value="">— escolha —</option>
                    {(descriptor.insurers ?? []).map((insurer) => (
                      <option key={insurer.id} value={insurer.id}>
                        {insurer.name}
                      </option>
                    ))}
                  </Select>
                </Field>
              ))}
            </div>
            <Button size="small" disabled={props.busy} onClick={props.onPreview}>
              Aplicar e pré-visualizar
            </Button>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.row}>
        {descriptor.modes ? (
          <Field label="Modo">
            <Select value={props.mode} onChange={(_event, data) => props.onMode(choiceOf(data.value, IMPORT_MODES) ?? 'upsert')}>
              {IMPORT_MODE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {descriptor.modes && props.mode !== detail.mode ? (
          <Button disabled={props.busy} onClick={props.onPreview}>
            Pré-visualizar neste modo
          </Button>
        ) : null}
        <Field label="Mostrar">
          <Select value={props.outcome} onChange={(_event, data) => props.onOutcome(choiceOf(data.value, OUTCOMES) ?? '')}>
            <option value="">Todas as linhas</option>
            {OUTCOMES.map((value) => (
              <option key={value} value={value}>
                {IMPORT_OUTCOME_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <ErrorsLink descriptor={descriptor} detail={detail} />
      </div>
      <RowsTable detail={detail} descriptor={descriptor} />
      <Pager total={props.outcome ? detail.counts[props.outcome] : detail.totalRows} offset={props.offset} onOffset={props.onOffset} />
    </>
  );
}

export function RunningStep({ detail }: { detail: ImportDetail | undefined }) {
  const progress = detail?.progress;
  return (
    <>
      <Body1 aria-live="polite">
        {progress ? `Importando: ${formatCount(progress.processed)} de ${formatCount(progress.total)} linhas…` : 'Importando…'}
      </Body1>
      <ProgressBar value={progress && progress.total > 0 ? progress.processed / progress.total : undefined} max={1} />
    </>
  );
}

export function SummaryStep({ descriptor, detail }: { descriptor: ImportKindDescriptor; detail: ImportDetail }) {
  const styles = useWizardStyles();
  const { applied } = detail;
  return (
    <>
      <Body1 aria-live="polite">{`${detail.fileName}: ${IMPORT_STATUS_LABELS[detail.status]}.`}</Body1>
      {applied ? (
        <Body1>{`${counted(applied.create, 'criado', 'criados')}, ${counted(applied.update, 'atualizado', 'atualizados')}, ${counted(applied.skip + applied.duplicate, 'ignorado', 'ignorados')}, ${formatCount(applied.error)} com erro.`}</Body1>
      ) : (
        <Counts counts={detail.counts} />
      )}
      {detail.error ? <Body1 className={styles.error}>{detail.error}</Body1> : null}
      {detail.undoUntil ? (
        <Caption1 className={styles.muted}>{`Pode ser desfeita até ${formatDateTime(detail.undoUntil)}.`}</Caption1>
      ) : null}
      {detail.status === 'undone' ? (
        <MessageBar intent={detail.undoKept.length > 0 ? 'warning' : 'success'}>
          <MessageBarBody>
            {detail.undoKept.length > 0
              ? `Importação desfeita. ${formatCount(detail.undoKept.length)} registro(s) alterado(s) depois da importação foram mantidos: linhas ${detail.undoKept.map((kept) => kept.line).join(', ')}.`
              : 'Importação desfeita: tudo voltou a ser como era.'}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <ErrorsLink descriptor={descriptor} detail={detail} />
    </>
  );
}
