import {
  BUSINESS_KINDS,
  CATALOGUE_OPERATIONS,
  CommissionRulesSchema,
  FINANCE_OPERATIONS,
  MAX_COMMISSION_RULES,
  type BodyInputOf,
  type BusinessKind,
  type CommissionRules,
  type TeamMember,
} from '@corretora/contracts';
import { callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { Body1, Button, Field, Input } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { FormDialog, LineOptions, QueryState, useFieldIssues, useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 8.5rem), 1fr))',
    gap: tokens.spacingHorizontalS,
    alignItems: 'start',
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

const BUSINESS_LABELS: Record<BusinessKind, string> = { new: 'Seguro novo', renewal: 'Renovação', any: 'Novo ou renovação' };

interface Row {
  insurerId: string;
  line: string;
  business: BusinessKind;
  percent: string;
}

const typed = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));
/** '40,5' -> 40.5; '' -> NaN (the schema then names the field). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/\./g, '').replace(',', '.')));

/**
 * 'Regras de repasse' of a member (owners and admins): the percent of the net commission they are
 * paid, by default and by insurer × line × new/renewal (the most specific rule wins), checked by the
 * contract's schema before sending. A rule applies to commission received from then on.
 */
export default function CommissionRulesDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const rules = useOperation(FINANCE_OPERATIONS.commissionRules, { params: { memberId: member.id } });
  return (
    <QueryState query={rules} loading="Carregando regras..." error="Não foi possível carregar as regras de repasse.">
      {(loaded) => <RulesForm member={member} initial={loaded} onClose={onClose} />}
    </QueryState>
  );
}

function RulesForm({ member, initial, onClose }: { member: TeamMember; initial: CommissionRules; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const reference = useOperation(CATALOGUE_OPERATIONS.referenceData);
  const insurers = reference.data?.insurers ?? [];
  const [fallback, setFallback] = useState(typed(initial.default));
  const [rows, setRows] = useState<Row[]>(
    initial.rules.map((rule) => ({
      insurerId: rule.insurerId === null ? '' : String(rule.insurerId),
      line: rule.line ?? '',
      business: rule.business,
      percent: typed(rule.percent),
    })),
  );
  const { issues: errors, check, fail } = useFieldIssues();
  const save = useMutation({
    mutationFn: (body: BodyInputOf<typeof FINANCE_OPERATIONS.setCommissionRules>) =>
      callOperation(FINANCE_OPERATIONS.setCommissionRules, { params: { memberId: member.id }, body }),
    onSuccess: () => {
      notify.success(`Regras de repasse de ${member.name ?? member.email} salvas.`);
      void invalidateOperations(queryClient, FINANCE_OPERATIONS.commissionRules);
      onClose();
    },
    onError: (error) => fail(error, 'Não foi possível salvar as regras.'),
  });
  const change = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = check(CommissionRulesSchema, {
      default: fallback.trim() === '' ? null : numberOf(fallback),
      rules: rows.map((row) => ({
        insurerId: row.insurerId ? Number(row.insurerId) : null,
        line: row.line || null,
        business: row.business,
        percent: numberOf(row.percent),
      })),
    });
    if (body) save.mutate(body);
  };
  const error = (index: number, field?: string) => (field ? errors[`rules.${index}.${field}`] : errors[`rules.${index}`]);
  return (
    <FormDialog
      title={`Regras de repasse de ${member.name ?? member.email}`}
      submitLabel="Salvar"
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Body1>Percentuais da comissão líquida recebida. A regra mais específica vale: seguradora, depois ramo, depois novo/renovação.</Body1>
      <Field label="Percentual padrão (%)" hint="Vazio: sem regra, nada é repassado." validationMessage={errors.default}>
        <Input inputMode="decimal" value={fallback} onChange={(_event, data) => setFallback(data.value)} />
      </Field>
      {rows.map((row, index) => (
        <div key={index} className={styles.row} role="group" aria-label={`Regra ${index + 1}`}>
          <Field label="Seguradora" validationMessage={error(index, 'insurerId') ?? error(index)}>
            <Select value={row.insurerId} onChange={(_event, data) => change(index, { insurerId: data.value })}>
              <option value="">Qualquer</option>
              {insurers.map((insurer) => (
                <option key={insurer.id} value={String(insurer.id)}>
                  {insurer.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Ramo">
            <Select value={row.line} onChange={(_event, data) => change(index, { line: data.value })}>
              <LineOptions any="Qualquer" anyValue="" />
            </Select>
          </Field>
          <Field label="Negócio">
            <Select
              value={row.business}
              onChange={(_event, data) => change(index, { business: BUSINESS_KINDS.find((kind) => kind === data.value) ?? 'any' })}
            >
              {BUSINESS_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {BUSINESS_LABELS[kind]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Percentual (%)" validationMessage={error(index, 'percent')}>
            <Input inputMode="decimal" value={row.percent} onChange={(_event, data) => change(index, { percent: data.value })} />
          </Field>
          <Button
            onClick={() => setRows((current) => current.filter((_row, at) => at !== index))}
            aria-label={`Remover regra ${index + 1}`}
          >
            Remover
          </Button>
        </div>
      ))}
      {errors.rules && <Body1 role="alert">{errors.rules}</Body1>}
      {rows.length < MAX_COMMISSION_RULES && (
        <Button onClick={() => setRows((current) => [...current, { insurerId: '', line: '', business: 'new', percent: '' }])}>
          Adicionar regra
        </Button>
      )}
    </FormDialog>
  );
}
