import {
  IMPORT_DOOR,
  type FieldIssue,
  type ImportCreated,
  type ImportDetail,
  type ImportMode,
  type ImportOutcome,
} from '@corretora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiErrorMessage, callOperation, operationQuery } from '@corretora/web-kit';
import { UploadCancelled, uploadOperation, type UploadProgress } from '@corretora/web-kit/uploads';
import { Button, Field, Spinner } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@corretora/web-kit/fluent/dialog';
import { MessageBar, MessageBarBody } from '@corretora/web-kit/fluent/message-bar';
import { FileStep, MappingStep, PreviewStep, RunningStep, SummaryStep } from './import-steps';
import type { ImportWizardProps } from './import-wizard-props';
import { PAGE, useWizardStyles } from './import-wizard-styles';
import { useTeam } from '../ui/use-team';

type Step = 'file' | 'mapping' | 'preview' | 'running' | 'summary';

/** The dialog itself, loaded when ImportWizard first renders: one kind's import, walked through its door. */
export default function ImportWizardSurface({ descriptor, title, onClose, onChanged }: ImportWizardProps) {
  const styles = useWizardStyles();
  const paths = descriptor.door;
  const queryClient = useQueryClient();
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
  // In a team, an owner or admin gives the imported clients and policies to a member ('' = to themselves).
  const team = useTeam();
  const assignable = descriptor.door.commit === IMPORT_DOOR.commit && team.isTeam && team.manager;
  const [assignee, setAssignee] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldIssues, setFieldIssues] = useState<FieldIssue[]>([]);
  /** The file on its way up (20 MB take a while on a slow line): how far, and how to stop it. */
  const [sending, setSending] = useState<{ progress: UploadProgress; controller: AbortController } | null>(null);

  const detailInput = {
    params: { id: importId ?? 0 },
    query: { offset: String(offset), limit: String(PAGE), ...(outcome ? { outcome } : {}) },
  };
  const detail = useQuery({
    ...operationQuery(paths.detail, detailInput),
    enabled: importId !== null && step !== 'file' && step !== 'mapping',
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 500 : false),
  });
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
      if (caught instanceof UploadCancelled) return;
      setError(apiErrorMessage(caught, fallback));
      setFieldIssues(caught instanceof ApiError ? (caught.body?.issues ?? []) : []);
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
      for (const [name, value] of Object.entries(descriptor.upload)) form.set(name, value);
      if (sheet) form.set('sheet', sheet);
      form.set('file', file);
      const controller = new AbortController();
      setSending({ progress: { sent: 0, total: file.size }, controller });
      const answer = await uploadOperation(
        paths.create,
        { body: form },
        { signal: controller.signal, onProgress: (progress) => setSending({ progress, controller }) },
      ).finally(() => setSending(null));
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
      const answer =
        assignable && assignee
          ? await callOperation(IMPORT_DOOR.commit, { params: { id: importId }, body: { responsibleId: assignee } })
          : await callOperation(paths.commit, { params: { id: importId } });
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

  let body;
  if (step === 'file') {
    body = (
      <FileStep
        descriptor={descriptor}
        created={created}
        sheet={sheet}
        onFile={(chosen) => {
          setFile(chosen);
          setSheet('');
          setError(null);
        }}
        onSheet={setSheet}
        onOpen={openPrevious}
        sending={sending ? { progress: sending.progress, cancel: () => sending.controller.abort() } : null}
      />
    );
  } else if (step === 'mapping' && created) {
    body = (
      <MappingStep
        descriptor={descriptor}
        created={created}
        mapping={mapping}
        onMapping={(field, header) => setMapping((previous) => ({ ...previous, [field]: header }))}
        issueOf={(field) => fieldIssues.find((issue) => issue.path === `mapping.${field}`)?.message}
      />
    );
  } else if (step === 'preview' && current) {
    body = (
      <PreviewStep
        descriptor={descriptor}
        detail={current}
        busy={busy}
        mode={mode}
        onMode={setMode}
        insurers={insurers}
        onInsurer={(name, id) =>
          setInsurers((previous) => {
            const { [name]: _dropped, ...rest } = previous;
            return id === null ? rest : { ...rest, [name]: id };
          })
        }
        outcome={outcome}
        onOutcome={(chosen) => {
          setOutcome(chosen);
          setOffset(0);
        }}
        offset={offset}
        onOffset={setOffset}
        onPreview={() => void preview()}
      />
    );
    if (assignable)
      body = (
        <>
          {body}
          <Field label="Responsável pelos clientes e apólices importados">
            <Select value={assignee} onChange={(_event, data) => setAssignee(data.value)}>
              <option value="">Eu (quem importa)</option>
              {team.active.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name ?? member.email}
                </option>
              ))}
            </Select>
          </Field>
        </>
      );
  } else if (step === 'running') {
    body = <RunningStep detail={current} />;
  } else if (step === 'summary' && current) {
    body = <SummaryStep descriptor={descriptor} detail={current} />;
  } else {
    body = <Spinner label="Carregando…" />;
  }

  const running = step === 'running';
  const working = busy ? <Spinner size="tiny" /> : undefined;
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
              <Button appearance="primary" disabled={busy} icon={working} onClick={() => void upload()}>
                Enviar planilha
              </Button>
            ) : null}
            {step === 'mapping' ? (
              <Button appearance="primary" disabled={busy} icon={working} onClick={() => void preview()}>
                Pré-visualizar
              </Button>
            ) : null}
            {step === 'preview' && current?.status === 'preview' ? (
              <Button
                appearance="primary"
                disabled={busy || current.counts.create + current.counts.update === 0 || current.mode !== mode}
                icon={working}
                onClick={() => void commit()}
              >
                {descriptor.confirmLabel(current.counts)}
              </Button>
            ) : null}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
