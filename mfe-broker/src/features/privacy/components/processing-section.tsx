import {
  LEGAL_BASES,
  LEGAL_BASIS_OPTIONS,
  PRIVACY_OPERATIONS as OPS,
  PROCESSING_ACTIVITIES_MAX,
  ProcessingRecordSchema,
  choiceOf,
  formatDateTime,
  type BodyInputOf,
  type ProcessingActivity,
} from '@corretora/contracts';
import { callOperation, invalidateOperations, operationUrl, useCurrentUser, useOperation } from '@corretora/web-kit';
import { Body1, Button, Caption1, Field, Input } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { Textarea } from '@corretora/web-kit/fluent/textarea';
import { QueryState, useFieldIssues, useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  activity: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
    gap: tokens.spacingHorizontalM,
    paddingBottom: tokens.spacingVerticalM,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    // A field never grows past its column (the legal bases' long labels would widen the select).
    '& > *': { minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  select: { width: '100%', minWidth: 0, maxWidth: '100%', '& select': { width: '100%', minWidth: 0, textOverflow: 'ellipsis' } },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** The record of processing (LGPD art. 37): the product's own to start with; the owner edits it, everyone with access exports it. */
export function ProcessingSection() {
  const record = useOperation(OPS.processingRecord);
  return (
    <QueryState query={record} loading="Carregando..." error="Não foi possível carregar o registro de tratamento.">
      {(loaded) => <ProcessingForm initial={loaded.activities} updatedAt={loaded.updatedAt} />}
    </QueryState>
  );
}

function ProcessingForm({ initial, updatedAt }: { initial: ProcessingActivity[]; updatedAt: string | null }) {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const owner = user?.role === 'owner';
  const [rows, setRows] = useState(initial);
  const { issues, check, fail } = useFieldIssues();
  const save = useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.setProcessingRecord>) => callOperation(OPS.setProcessingRecord, { body }),
    onSuccess: () => {
      notify.success('Registro de tratamento salvo.');
      void invalidateOperations(queryClient, OPS.processingRecord);
    },
    onError: (error) => fail(error, 'Não foi possível salvar o registro.'),
  });
  const change = (index: number, patch: Partial<ProcessingActivity>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = check(ProcessingRecordSchema, { activities: rows });
    if (body) save.mutate(body);
  };
  const issue = (index: number, field: keyof ProcessingActivity) => issues[`activities.${index}.${field}`];
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Body1>
        As operações de tratamento de dados pessoais da corretora: finalidade, dados, base legal e por quanto tempo são guardados.
        {owner ? '' : ' Só o proprietário da corretora altera o registro.'}
      </Body1>
      {updatedAt && <Caption1>Atualizado em {formatDateTime(updatedAt)}</Caption1>}
      {rows.map((row, index) => (
        <div key={index} className={styles.activity} role="group" aria-label={`Atividade ${index + 1}`}>
          <Field label="Finalidade" validationMessage={issue(index, 'purpose')}>
            <Textarea value={row.purpose} disabled={!owner} onChange={(_event, data) => change(index, { purpose: data.value })} />
          </Field>
          <Field label="Categorias de dados" validationMessage={issue(index, 'categories')}>
            <Textarea
              rows={3}
              resize="vertical"
              value={row.categories}
              disabled={!owner}
              onChange={(_event, data) => change(index, { categories: data.value })}
            />
          </Field>
          <Field label="Base legal" validationMessage={issue(index, 'legalBasis')}>
            <Select
              value={row.legalBasis}
              disabled={!owner}
              onChange={(_event, data) => change(index, { legalBasis: choiceOf(data.value, LEGAL_BASES) ?? 'contract' })}
            >
              {LEGAL_BASIS_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Retenção" validationMessage={issue(index, 'retention')}>
            <Input value={row.retention} disabled={!owner} onChange={(_event, data) => change(index, { retention: data.value })} />
          </Field>
          {owner && (
            <div>
              <Button
                onClick={() => setRows((current) => current.filter((_row, at) => at !== index))}
                aria-label={`Remover atividade ${index + 1}`}
              >
                Remover
              </Button>
            </div>
          )}
        </div>
      ))}
      {issues.activities && <Body1 role="alert">{issues.activities}</Body1>}
      <div className={styles.actions}>
        {owner && rows.length < PROCESSING_ACTIVITIES_MAX && (
          <Button
            onClick={() => setRows((current) => [...current, { purpose: '', categories: '', legalBasis: 'contract', retention: '' }])}
          >
            Adicionar atividade
          </Button>
        )}
        {owner && (
          <Button type="submit" appearance="primary" disabled={save.isPending}>
            {save.isPending ? 'Salvando...' : 'Salvar registro'}
          </Button>
        )}
        <Button as="a" href={operationUrl(OPS.processingRecordCsv)} download>
          Exportar registro (CSV)
        </Button>
      </div>
    </form>
  );
}
