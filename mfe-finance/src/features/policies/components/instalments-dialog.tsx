import {
  FINANCE_OPERATIONS as OPS,
  INSTALMENT_STATUS_LABELS,
  MAX_INSTALMENTS,
  PAYMENT_METHODS,
  PaymentPlanSchema,
  formatDate,
  formatMoney,
  maskDate,
  parseDate,
  wireToCents,
  type BodyInputOf,
  type Policy,
  type PolicyInstalment,
} from '@corretora/contracts';
import { callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { Body1, Button, Field } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { DataTable, FormDialog, MaskedInput, QueryState, useNotify, useFieldIssues, useTeam } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { policyName } from '../../../lib/policy-name';
import { InstalmentReminder, isOverdue } from './instalment-reminder';
import { POLICY_LISTS } from '../../../lib/finance-figures';

const PaymentLinkDialog = lazy(() => import('./payment-link-dialog'));

const useStyles = makeStyles({
  plan: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: tokens.spacingHorizontalM },
});

const COUNTS = Array.from({ length: MAX_INSTALMENTS }, (_, index) => index + 1);

/** A policy's parcelas with the commission expected on each, and its payment plan (à vista or N parcelas). */
export default function InstalmentsDialog({ policy, onClose }: { policy: Policy; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const team = useTeam();
  const queryClient = useQueryClient();
  const instalments = useOperation(OPS.policyInstalments, { params: { id: policy.id } });
  const current = instalments.data ?? [];
  const [count, setCount] = useState<number | null>(null);
  const [first, setFirst] = useState<string | null>(null);
  const [method, setMethod] = useState(policy.paymentMethod ?? '');
  const [linking, setLinking] = useState<PolicyInstalment | null>(null);
  const { issues, setIssues, fail, check } = useFieldIssues();
  const shownCount = count ?? (current.length || 1);
  const shownFirst = first ?? (current[0] ? formatDate(current[0].dueDate) : '');
  const save = useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.setPaymentPlan>) => callOperation(OPS.setPaymentPlan, { params: { id: policy.id }, body }),
    onSuccess: async () => {
      await invalidateOperations(queryClient, OPS.policyInstalments, ...POLICY_LISTS);
      notify.success('Plano de pagamento salvo');
      onClose();
    },
    onError: (error) => fail(error, 'Falha ao salvar o plano de pagamento.'),
  });
  const cancelled = policy.status === 'cancelled';
  return (
    <FormDialog
      title={`Parcelas da apólice ${policyName(policy)}`}
      submitLabel="Salvar plano"
      busy={save.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (cancelled) {
          notify.error('Uma apólice cancelada mantém o seu plano de pagamento.');
          return;
        }
        if (!parseDate(shownFirst)) {
          setIssues({ firstDueDate: 'Informe o 1º vencimento como dd/mm/aaaa' });
          return;
        }
        const body = check(PaymentPlanSchema, { instalments: shownCount, firstDueDate: parseDate(shownFirst), method: method || null });
        if (body) save.mutate(body);
      }}
    >
      <Body1>
        {cancelled
          ? 'Uma apólice cancelada mantém o seu plano de pagamento.'
          : `${policy.contactName}: prêmio de ${formatMoney(wireToCents(policy.premium))}.${team.money ? ' A comissão prevista em cada parcela é calculada sobre o prêmio líquido.' : ''}`}
      </Body1>
      <QueryState query={instalments} loading="Carregando parcelas..." error="Não foi possível carregar as parcelas.">
        {(rows) => (
          <DataTable
            label="Parcelas"
            keyboardScroll
            rows={rows}
            rowKey={(row) => row.number}
            empty="Nenhuma parcela."
            columns={[
              { header: 'Nº', cell: (row) => `${row.number}/${rows.length}` },
              { header: 'Vencimento', cell: (row) => formatDate(row.dueDate) },
              { header: 'Prêmio', cell: (row) => formatMoney(wireToCents(row.premium)) },
              // An assistant sees no commission (the API answers it null).
              ...(team.money
                ? [
                    { header: 'Comissão prevista', cell: (row: PolicyInstalment) => formatMoney(wireToCents(row.expectedCommission)) },
                    {
                      header: 'Recebido',
                      cell: (row: PolicyInstalment) => (row.received === null ? '—' : formatMoney(wireToCents(row.received))),
                    },
                  ]
                : []),
              { header: 'Situação', cell: (row) => INSTALMENT_STATUS_LABELS[row.status] },
              // An overdue one: remind the client by WhatsApp.
              { header: 'WhatsApp', cell: (row) => (isOverdue(row) ? <InstalmentReminder policyId={policy.id} instalment={row} /> : '—') },
              {
                header: 'Boleto/Pix',
                cell: (row) => (
                  <Button
                    size="small"
                    appearance={row.paymentLink ? 'subtle' : 'secondary'}
                    aria-label={
                      row.paymentLink
                        ? `Link anexado da parcela ${row.number}: alterar`
                        : `Anexar link do boleto ou Pix da parcela ${row.number}`
                    }
                    onClick={() => setLinking(row)}
                  >
                    {row.paymentLink ? 'Link anexado' : 'Anexar link'}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {linking ? (
        <Suspense fallback={null}>
          <PaymentLinkDialog policyId={policy.id} instalment={linking} count={current.length} onClose={() => setLinking(null)} />
        </Suspense>
      ) : null}
      {cancelled ? null : (
        <div className={styles.plan}>
          <Field label="Parcelas" validationMessage={issues.instalments}>
            <Select value={String(shownCount)} onChange={(_event, data) => setCount(Number(data.value))}>
              {COUNTS.map((value) => (
                <option key={value} value={value}>
                  {value === 1 ? 'À vista' : `${value}x`}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="1º vencimento" required validationMessage={issues.firstDueDate}>
            <MaskedInput value={shownFirst} mask={maskDate} placeholder="dd/mm/aaaa" inputMode="numeric" onChange={setFirst} />
          </Field>
          <Field label="Forma de pagamento" validationMessage={issues.method}>
            <Select value={method} onChange={(_event, data) => setMethod(data.value)}>
              <option value="">Não informada</option>
              {PAYMENT_METHODS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      )}
    </FormDialog>
  );
}
