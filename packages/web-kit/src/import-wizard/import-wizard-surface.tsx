import { IMPORT_DOOR, type ImportDetail, type ImportMode } from '@corretora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState, type Dispatch } from 'react';
import { ApiError, apiErrorMessage, callOperation, operationQuery } from '@corretora/web-kit';
import { UploadCancelled, uploadOperation, type UploadProgress } from '@corretora/web-kit/uploads';
import { Button, Field, Spinner } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@corretora/web-kit/fluent/dialog';
import { MessageBar, MessageBarBody } from '@corretora/web-kit/fluent/message-bar';
import { FileStep, MappingStep, PreviewStep, RunningStep, SummaryStep } from './import-steps';
import { INITIAL_WIZARD, wizardReducer, type Step, type WizardAction, type WizardState } from './import-wizard-state';
import type { ImportWizardProps } from './import-wizard-props';
import { PAGE, useWizardStyles } from './import-wizard-styles';
import { useTeam } from '../ui/use-team';

/** The dialog itself, loaded when ImportWizard first renders: one kind's import, walked through its door. */
export default function ImportWizardSurface({ descriptor, title, onClose, onChanged }: ImportWizardProps) {
  const styles = useWizardStyles();
  const paths = descriptor.door;
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(wizardReducer, INITIAL_WIZARD);
  const { step, file, sheet, importId, mapping, mode, insurers, offset, outcome, busy, assignee, error } = state;
  const team = useTeam();
  const assignable = descriptor.door.commit === IMPORT_DOOR.commit && team.isTeam && team.manager;
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
  if (step === 'running' && current && current.status !== 'running') dispatch({ type: 'step', step: 'summary' });
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
    dispatch({ type: 'working' });
    try {
      await work();
    } catch (caught) {
      if (caught instanceof UploadCancelled) return;
      dispatch({
        type: 'failed',
        error: apiErrorMessage(caught, fallback),
        fieldIssues: caught instanceof ApiError ? (caught.body?.issues ?? []) : [],
      });
    } finally {
      dispatch({ type: 'settled' });
    }
  }

  const upload = () => {
    if (!file) {
      dispatch({ type: 'error', error: 'Selecione a planilha (CSV, TXT ou XLSX) para importar.' });
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
      dispatch({ type: 'uploaded', created: answer });
      void refreshHistory();
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
      dispatch({ type: 'previewed' });
      await refreshDetail();
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
      dispatch({ type: 'step', step: 'running' });
      await refreshDetail();
    }, 'Não foi possível confirmar a importação.');

  const undo = () =>
    run(async () => {
      if (importId === null) return;
      await callOperation(paths.undo, { params: { id: importId } });
      await Promise.all([refreshDetail(), refreshHistory()]);
      changed.current = true;
      onChanged();
      dispatch({ type: 'step', step: 'summary' });
    }, 'Não foi possível desfazer a importação.');

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
            <WizardStep
              descriptor={descriptor}
              state={state}
              dispatch={dispatch}
              current={current}
              assignable={assignable}
              sending={sending ? { progress: sending.progress, cancel: () => sending.controller.abort() } : null}
              onPreview={() => void preview()}
            />
          </DialogContent>
          <WizardActions
            descriptor={descriptor}
            step={step}
            busy={busy}
            mode={mode}
            current={current}
            on={{
              back: () => dispatch({ type: 'step', step: step === 'preview' ? 'mapping' : 'file' }),
              undo: () => void undo(),
              close,
              upload: () => void upload(),
              preview: () => void preview(),
              commit: () => void commit(),
            }}
          />
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The step on screen, with what it needs of the wizard's state. */
function WizardStep({
  descriptor,
  state,
  dispatch,
  current,
  assignable,
  sending,
  onPreview,
}: {
  descriptor: ImportWizardProps['descriptor'];
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  current: ImportDetail | undefined;
  assignable: boolean;
  sending: { progress: UploadProgress; cancel: () => void } | null;
  onPreview: () => void;
}) {
  const team = useTeam();
  const { step, created, sheet, mapping, fieldIssues, busy, mode, insurers, outcome, offset, assignee } = state;
  if (step === 'file')
    return (
      <FileStep
        descriptor={descriptor}
        created={created}
        sheet={sheet}
        onFile={(file) => dispatch({ type: 'file', file })}
        onSheet={(chosen) => dispatch({ type: 'sheet', sheet: chosen })}
        onOpen={(id) => dispatch({ type: 'open', id })}
        sending={sending}
      />
    );
  if (step === 'mapping' && created)
    return (
      <MappingStep
        descriptor={descriptor}
        created={created}
        mapping={mapping}
        onMapping={(field, header) => dispatch({ type: 'map', field, header })}
        issueOf={(field) => fieldIssues.find((issue) => issue.path === `mapping.${field}`)?.message}
      />
    );
  if (step === 'preview' && current)
    return (
      <>
        <PreviewStep
          descriptor={descriptor}
          detail={current}
          busy={busy}
          mode={mode}
          onMode={(chosen) => dispatch({ type: 'mode', mode: chosen })}
          insurers={insurers}
          onInsurer={(name, id) => dispatch({ type: 'insurer', name, id })}
          outcome={outcome}
          onOutcome={(chosen) => dispatch({ type: 'outcome', outcome: chosen })}
          offset={offset}
          onOffset={(next) => dispatch({ type: 'offset', offset: next })}
          onPreview={onPreview}
        />
        {/* In a team, an owner or admin gives the imported clients and policies to a member ('' = to themselves). */}
        {assignable ? (
          <Field label="Responsável pelos clientes e apólices importados">
            <Select value={assignee} onChange={(_event, data) => dispatch({ type: 'assignee', assignee: data.value })}>
              <option value="">Eu (quem importa)</option>
              {team.active.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name ?? member.email}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
      </>
    );
  if (step === 'running') return <RunningStep detail={current} />;
  if (step === 'summary' && current) return <SummaryStep descriptor={descriptor} detail={current} />;
  return <Spinner label="Carregando…" />;
}

/** The wizard's buttons for the step on screen: back, undo, close, and the step's own. */
function WizardActions({
  descriptor,
  step,
  busy,
  mode,
  current,
  on,
}: {
  descriptor: ImportWizardProps['descriptor'];
  step: Step;
  busy: boolean;
  mode: ImportMode;
  current: ImportDetail | undefined;
  on: Record<'back' | 'undo' | 'close' | 'upload' | 'preview' | 'commit', () => void>;
}) {
  const running = step === 'running';
  const working = busy ? <Spinner size="tiny" /> : undefined;
  return (
    <DialogActions>
      {step === 'mapping' || (step === 'preview' && current?.status === 'preview') ? (
        <Button disabled={busy} onClick={on.back}>
          Voltar
        </Button>
      ) : null}
      {step === 'summary' && current?.undoUntil ? (
        <Button disabled={busy} onClick={on.undo}>
          Desfazer importação
        </Button>
      ) : null}
      <Button appearance="secondary" disabled={busy || running} onClick={on.close}>
        {step === 'summary' ? 'Fechar' : 'Cancelar'}
      </Button>
      {step === 'file' ? (
        <Button appearance="primary" disabled={busy} icon={working} onClick={on.upload}>
          Enviar planilha
        </Button>
      ) : null}
      {step === 'mapping' ? (
        <Button appearance="primary" disabled={busy} icon={working} onClick={on.preview}>
          Pré-visualizar
        </Button>
      ) : null}
      {step === 'preview' && current?.status === 'preview' ? (
        <Button
          appearance="primary"
          disabled={busy || current.counts.create + current.counts.update === 0 || current.mode !== mode}
          icon={working}
          onClick={on.commit}
        >
          {descriptor.confirmLabel(current.counts)}
        </Button>
      ) : null}
    </DialogActions>
  );
}
