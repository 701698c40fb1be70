import {
  CATALOGUE_OPERATIONS,
  FINANCE_OPERATIONS as OPS,
  IMPORT_OPERATIONS,
  LINE_MATCH_LABELS,
  ReceivableSettingsSchema,
  centsToWire,
  formatCount,
  formatDate,
  wireToCents,
  type StatementLine,
} from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';
import { Body1, Button, Caption1, Field, Input, Subtitle2, Title3 } from '@corretora/web-kit/fluent/core';
import { Card } from '@corretora/web-kit/fluent/card';
import { Select } from '@corretora/web-kit/fluent/select';
import { Textarea } from '@corretora/web-kit/fluent/textarea';
import { DataTable, FormDialog, MoneyInput, QueryState, formNumber, useNotify, useFieldIssues, useMayCall } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Suspense, lazy, useDeferredValue, useState } from 'react';
import { wireMoney as money } from '../../../components/wire-money';
import { ReceivableInstalments } from './receivable-instalments';
import { ReceivablesChart } from './receivables-chart';
import { UnidentifiedLines } from './unidentified-lines';
import {
  receivablesCsvUrl,
  useMatchLine,
  useMatchablePolicies,
  useReceivableSettings,
  useReceivablesSummary,
  useRefreshReceivables,
  useSaveReceivableSettings,
} from '../api/receivables-api';
import { MonthField, thisMonth } from '../../../components/month-field';

const StatementImport = lazy(() => import('./statement-import'));

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, marginTop: tokens.spacingVerticalM },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'end' },
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))', gap: tokens.spacingHorizontalM },
  card: { gap: tokens.spacingVerticalXS },
  label: { color: tokens.colorNeutralForeground3 },
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: tokens.spacingHorizontalM },
  cell: { overflowWrap: 'anywhere' },
});

/** 'Recebíveis' (Comissões): expected vs received per month and insurer, statements in, lines matched by hand. */
export default function ReceivablesPanel() {
  const styles = useStyles();
  const [month, setMonth] = useState(thisMonth);
  const [insurerId, setInsurerId] = useState('');
  const [importing, setImporting] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [matching, setMatching] = useState<StatementLine | null>(null);
  const [open, setOpen] = useState<number | null | undefined>(undefined);
  // A producer reads the month; statements, matching and the settings are the managers'.
  const mayImport = useMayCall(IMPORT_OPERATIONS.createStatement);
  const maySettle = useMayCall(OPS.matchStatementLine);
  const mayConfigure = useMayCall(OPS.setReceivableSettings);
  const query = { month, ...(insurerId ? { insurerId } : {}) };
  const receivables = useReceivablesSummary(query);
  const reference = useOperation(CATALOGUE_OPERATIONS.referenceData);
  const insurers = reference.data?.insurers ?? [];
  const chosenInsurer = insurers.find((insurer) => String(insurer.id) === insurerId);
  const refresh = useRefreshReceivables();

  return (
    <div className={styles.panel} role="tabpanel" aria-label="Recebíveis">
      <div className={styles.toolbar}>
        <MonthField month={month} onChange={setMonth} />
        <Field label="Seguradora" validationMessage={importError ?? undefined}>
          <Select
            value={insurerId}
            onChange={(_event, data) => {
              setInsurerId(data.value);
              setImportError(null);
            }}
          >
            <option value="">Todas as seguradoras</option>
            {insurers.map((insurer) => (
              <option key={insurer.id} value={insurer.id}>
                {insurer.name}
              </option>
            ))}
          </Select>
        </Field>
        {mayImport ? (
          <Button
            appearance="primary"
            onClick={() => (insurerId ? setImporting(true) : setImportError('Escolha a seguradora do extrato para importá-lo.'))}
          >
            Importar extrato
          </Button>
        ) : null}
        <Button as="a" href={receivablesCsvUrl(query)} download>
          Baixar CSV
        </Button>
        {mayConfigure ? <Button onClick={() => setSettingsOpen(true)}>Tolerância e carência</Button> : null}
      </div>
      <QueryState query={receivables} loading="Carregando recebíveis..." error="Não foi possível carregar os recebíveis. Tente novamente.">
        {(data) => (
          <>
            <div className={styles.cards}>
              {[
                ['Previsto', money(data.expected)],
                ['Recebido (bruto)', money(data.received)],
                ['Diferença', money(data.difference)],
                ['ISS retido', money(data.iss)],
                ['IRRF retido', money(data.irrf)],
                ['Líquido', money(data.net)],
                ['Estornos previstos', money(data.chargebacks)],
                ['Diferenças em aberto no mês', formatCount(data.openDifferences)],
              ].map(([label, value]) => (
                <Card key={label} className={styles.card}>
                  <Caption1 className={styles.label}>{label}</Caption1>
                  <Title3 as="p">{value}</Title3>
                </Card>
              ))}
            </div>
            <Caption1 className={styles.label}>
              {`Conciliado quando a diferença é de até ${money(data.settings.tolerance)}; não pago ${data.settings.graceDays} dias após o vencimento.`}
            </Caption1>
            <ReceivablesChart chart={data.chart} />
            <Subtitle2 as="h3">Por seguradora</Subtitle2>
            <DataTable
              label="Recebíveis por seguradora"
              keyboardScroll
              rows={data.rows}
              rowKey={(row) => row.insurerId ?? 0}
              empty="Nenhuma parcela vence neste mês."
              columns={[
                { header: 'Seguradora', className: styles.cell, cell: (row) => row.insurerName },
                { header: 'Previsto', cell: (row) => money(row.expected) },
                { header: 'Recebido', cell: (row) => money(row.received) },
                { header: 'Diferença', cell: (row) => money(row.difference) },
                { header: 'ISS / IRRF', cell: (row) => `${money(row.iss)} / ${money(row.irrf)}` },
                { header: 'Líquido', cell: (row) => money(row.net) },
                { header: 'Em aberto', cell: (row) => formatCount(row.openDifferences) },
                {
                  header: 'Ações',
                  cell: (row) => (
                    <Button
                      size="small"
                      aria-expanded={open === row.insurerId}
                      onClick={() => setOpen(open === row.insurerId ? undefined : row.insurerId)}
                    >
                      {open === row.insurerId ? 'Ocultar parcelas' : 'Ver parcelas'}
                    </Button>
                  ),
                },
              ]}
            />
            {data.rows
              .filter((row) => row.insurerId === open)
              .map((row) => (
                <ReceivableInstalments key={`${data.month}:${row.insurerId ?? 0}`} month={data.month} row={row} onChanged={refresh} />
              ))}
            <UnidentifiedLines lines={data.unidentified} onMatch={maySettle ? setMatching : null} />
          </>
        )}
      </QueryState>
      {importing && chosenInsurer ? (
        <Suspense fallback={null}>
          <StatementImport insurer={chosenInsurer} onClose={() => setImporting(false)} onChanged={() => void refresh()} />
        </Suspense>
      ) : null}
      {settingsOpen ? <SettingsDialog onClose={() => setSettingsOpen(false)} onSaved={() => void refresh()} /> : null}
      {matching ? <MatchDialog line={matching} onClose={() => setMatching(null)} onSaved={() => void refresh()} /> : null}
    </div>
  );
}

/** The tolerance (R$) and the grace days of the reconciliation. */
function SettingsDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const current = useReceivableSettings();
  const [tolerance, setTolerance] = useState<number | null | undefined>(undefined);
  const [grace, setGrace] = useState<string | undefined>(undefined);
  const { issues, fail, check } = useFieldIssues();
  const shownTolerance = tolerance === undefined ? (current.data ? wireToCents(current.data.tolerance) : null) : tolerance;
  const shownGrace = grace ?? (current.data ? String(current.data.graceDays) : '');
  const save = useSaveReceivableSettings({
    onSaved: () => {
      notify.success('Conciliação atualizada');
      onSaved();
      onClose();
    },
    onFailed: (error) => fail(error, 'Não foi possível salvar.'),
  });
  return (
    <FormDialog
      title="Tolerância e carência"
      submitLabel="Salvar"
      busy={save.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const body = check(ReceivableSettingsSchema, {
          tolerance: shownTolerance === null ? '' : centsToWire(shownTolerance),
          graceDays: formNumber(shownGrace),
        });
        if (body) save.mutate(body);
      }}
    >
      <Body1>Uma parcela é conciliada quando o extrato paga o previsto com diferença de até a tolerância.</Body1>
      <div className={styles.form}>
        <Field label="Tolerância" required validationMessage={issues.tolerance}>
          <MoneyInput value={shownTolerance} onChange={setTolerance} />
        </Field>
        <Field label="Dias de carência" required validationMessage={issues.graceDays}>
          <Input inputMode="numeric" value={shownGrace} onChange={(_event, data) => setGrace(data.value.replace(/\D/g, '').slice(0, 3))} />
        </Field>
      </div>
    </FormDialog>
  );
}

/** A line nothing matched, paid to a policy's instalment by the broker, with a note. */
function MatchDialog({ line, onClose, onSaved }: { line: StatementLine; onClose: () => void; onSaved: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const policies = useMatchablePolicies(useDeferredValue(search));
  const candidates = (policies.data?.items ?? []).filter((policy) => policy.insurerId === line.insurerId || policy.insurerId === null);
  const [policyId, setPolicyId] = useState('');
  const [instalment, setInstalment] = useState(String(line.instalmentNumber ?? 1));
  const [note, setNote] = useState('');
  const { issues, setIssues, fail } = useFieldIssues();
  const save = useMatchLine(line.id, {
    onSaved: () => {
      notify.success('Linha conciliada');
      onSaved();
      onClose();
    },
    onFailed: (error) => fail(error, 'Não foi possível conciliar.'),
  });
  return (
    <FormDialog
      title="Conciliar linha do extrato"
      submitLabel="Conciliar"
      busy={save.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (!policyId) {
          setIssues({ policyId: 'Selecione a apólice.' });
          return;
        }
        save.mutate({ policyId: Number(policyId), instalment: Number(instalment), note: note || null });
      }}
    >
      <Body1>
        {`${LINE_MATCH_LABELS.nao_identificado}: apólice "${line.policyNumber ?? '—'}", ${money(line.gross)}${line.paidOn ? ` pago em ${formatDate(line.paidOn)}` : ''}.`}
      </Body1>
      <div className={styles.form}>
        <Field label="Buscar apólice" hint="Número da apólice ou nome do cliente">
          <Input value={search} maxLength={100} onChange={(_event, data) => setSearch(data.value)} />
        </Field>
        <Field label="Apólice" required validationMessage={issues.policyId}>
          <Select value={policyId} onChange={(_event, data) => setPolicyId(data.value)}>
            <option value="">— escolha —</option>
            {candidates.map((policy) => (
              <option key={policy.id} value={policy.id}>
                {`${policy.policyNumber} · ${policy.contactName}`}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Parcela" required validationMessage={issues.instalment}>
          <Input
            inputMode="numeric"
            value={instalment}
            onChange={(_event, data) => setInstalment(data.value.replace(/\D/g, '').slice(0, 3))}
          />
        </Field>
      </div>
      <Field label="Observação" validationMessage={issues.note}>
        <Textarea value={note} maxLength={500} onChange={(_event, data) => setNote(data.value)} />
      </Field>
    </FormDialog>
  );
}
