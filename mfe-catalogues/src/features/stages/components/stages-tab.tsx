import { CATALOGUE_OPERATIONS as OPS, IDLE_DAYS_MAX, StageIdleLimitsSchema, type PipelineStage } from '@corretora/contracts';
import { Body1, Button, Field, Input } from '@corretora/web-kit/fluent/core';
import { QueryState, formNumber, useFieldIssues, useNotify, useMayCall } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useSaveStageLimits, useStages } from '../api/stage-limits-api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '40rem' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))', gap: tokens.spacingHorizontalM },
});

/** Configurações > Etapas: the days a card may sit in each stage without activity before it turns amber, then red. */
export function StagesTab() {
  const styles = useStyles();
  const notify = useNotify();
  const reference = useStages();
  // A producer reads the limits; the office changes them.
  const mayChange = useMayCall(OPS.setStageIdleLimits);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const { issues, setIssues, fail, check } = useFieldIssues();
  const valueOf = (stage: PipelineStage) => drafts[stage.id] ?? (stage.idleDays === null ? '' : String(stage.idleDays));
  const save = useSaveStageLimits({
    onSaved: () => {
      setDrafts({});
      setIssues({});
      notify.success('Limites das etapas salvos');
    },
    onFailed: (error) => fail(error, 'Não foi possível salvar os limites.'),
  });
  return (
    <QueryState query={reference} loading="Carregando etapas..." error="Não foi possível carregar as etapas.">
      {(data) => (
        <form
          className={styles.root}
          onSubmit={(event) => {
            event.preventDefault();
            const body = check(StageIdleLimitsSchema, {
              stages: data.pipelineStages.map((stage) => ({
                id: stage.id,
                idleDays: valueOf(stage).trim() === '' ? null : formNumber(valueOf(stage)),
              })),
            });
            if (body) save.mutate(body);
          }}
        >
          <Body1>
            {`Dias sem atividade que um card pode ficar em cada etapa: no limite ele fica âmbar, depois vermelho. Deixe em branco para não ter limite (1 a ${IDLE_DAYS_MAX} dias).`}
          </Body1>
          <div className={styles.grid}>
            {data.pipelineStages.map((stage, index) => (
              <Field key={stage.id} label={`Limite em ${stage.name} (dias)`} validationMessage={issues[`stages.${index}.idleDays`]}>
                <Input
                  inputMode="numeric"
                  value={valueOf(stage)}
                  placeholder="Sem limite"
                  readOnly={!mayChange}
                  onChange={(_event, input) => setDrafts({ ...drafts, [stage.id]: input.value })}
                />
              </Field>
            ))}
          </div>
          {mayChange ? (
            <div>
              <Button type="submit" appearance="primary" disabled={save.isPending}>
                Salvar limites
              </Button>
            </div>
          ) : null}
        </form>
      )}
    </QueryState>
  );
}
