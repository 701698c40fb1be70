import { ChargebackRuleSchema, MAX_CHARGEBACK_STEPS, type ChargebackStep } from '@corretora/contracts';
import { Body1, Button, Field, Input } from '@corretora/web-kit/fluent/core';
import { FormDialog, QueryState, formNumber, useNotify, useFieldIssues } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useChargebackRule, useSaveChargebackRule } from '../api/chargeback-rule-api';

const useStyles = makeStyles({
  step: { display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  steps: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

interface Row {
  untilMonth: string;
  percent: string;
}

const toRows = (steps: readonly ChargebackStep[]): Row[] =>
  steps.map((step) => ({ untilMonth: String(step.untilMonth), percent: String(step.percent).replace('.', ',') }));

/**
 * An insurer's chargeback scale (Configurações > Seguradoras): cancelled up to month N of the
 * policy, P% of its commission goes back. Cancelling a policy reads it.
 */
export default function ChargebackRuleDialog({
  insurerId,
  insurerName,
  onClose,
}: {
  insurerId: number;
  insurerName: string;
  onClose: () => void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const rule = useChargebackRule(insurerId);
  const [rows, setRows] = useState<Row[] | null>(null);
  const { issues, fail, check } = useFieldIssues();
  const shown = rows ?? (rule.data ? toRows(rule.data.steps) : []);
  const update = (index: number, change: Partial<Row>) => setRows(shown.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const save = useSaveChargebackRule(insurerId, {
    onSaved: () => {
      notify.success('Escala de estorno salva');
      onClose();
    },
    onFailed: (error) => fail(error, 'Não foi possível salvar a escala.'),
  });
  return (
    <FormDialog
      title={`Escala de estorno: ${insurerName}`}
      submitLabel="Salvar escala"
      busy={save.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const body = check(ChargebackRuleSchema, {
          steps: shown.map((row) => ({ untilMonth: formNumber(row.untilMonth), percent: formNumber(row.percent) })),
        });
        if (body) save.mutate(body);
      }}
      extraActions={
        shown.length < MAX_CHARGEBACK_STEPS ? (
          <Button onClick={() => setRows([...shown, { untilMonth: '', percent: '' }])}>Adicionar faixa</Button>
        ) : undefined
      }
    >
      <Body1>
        Quando uma apólice desta seguradora é cancelada, o estorno previsto é o percentual da faixa do mês do cancelamento (o mês de início
        é o mês 1) sobre a comissão das parcelas já vencidas. Depois da última faixa, nada é estornado.
      </Body1>
      <QueryState query={rule} loading="Carregando escala..." error="Não foi possível carregar a escala.">
        {() => (
          <div className={styles.steps}>
            {issues.steps ? <Body1 role="alert">{issues.steps}</Body1> : null}
            {shown.map((row, index) => (
              <div key={index} className={styles.step}>
                <Field label="Até o mês" required validationMessage={issues[`steps.${index}.untilMonth`]}>
                  <Input
                    inputMode="numeric"
                    value={row.untilMonth}
                    onChange={(_event, data) => update(index, { untilMonth: data.value.replace(/\D/g, '').slice(0, 3) })}
                  />
                </Field>
                <Field label="% da comissão" required validationMessage={issues[`steps.${index}.percent`]}>
                  <Input
                    inputMode="decimal"
                    value={row.percent}
                    onChange={(_event, data) => update(index, { percent: data.value.replace(/[^\d,]/g, '').slice(0, 6) })}
                  />
                </Field>
                <Button
                  aria-label={`Remover faixa ${index + 1}`}
                  disabled={shown.length === 1}
                  onClick={() => setRows(shown.filter((_, at) => at !== index))}
                >
                  Remover
                </Button>
              </div>
            ))}
          </div>
        )}
      </QueryState>
    </FormDialog>
  );
}
