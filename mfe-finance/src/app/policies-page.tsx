import {
  FINANCE_OPERATIONS,
  PIPELINE_OPERATIONS,
  POLICY_STATUS_LABELS,
  LINE_KEYS,
  lineLabel,
  formatCount,
  formatDate,
  formatMoney,
  wireToCents,
  type Policy,
  type PolicyStatus,
  choiceOf,
} from '@corretora/contracts';
import { invalidateOperations, operationUrl, useNavigate, useSearchParams } from '@corretora/web-kit';
import { ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useDeferredValue, useState } from 'react';
import {
  DataTable,
  MemberFilter,
  PageHeader,
  Pager,
  QueryState,
  SearchBox,
  useConfirmAction,
  useTeam,
  LineOptions,
} from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Button, Caption1, Field, Spinner } from '@corretora/web-kit/fluent/core';
import { Tab, TabList } from '@corretora/web-kit/fluent/tabs';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Select } from '@corretora/web-kit/fluent/select';
import { POLICY_PAGE_SIZE, useCancelPolicy, usePolicyPage, type PolicyFilters } from '../features/policies/api/policies-api';
import { POLICY_LISTS, invalidateFigures } from '../lib/finance-figures';
import { policyName } from '../lib/policy-name';
import { ClientLink } from '../components/client-link';

const InstalmentsDialog = lazy(() => import('../features/policies/components/instalments-dialog'));
const PoliciesImport = lazy(() => import('../features/policies/components/policies-import'));
const PolicyNumbersDialog = lazy(() => import('../features/policies/components/policy-numbers-dialog'));
const PolicyHistoryDialog = lazy(() => import('../features/policies/components/policy-history-dialog'));
const ParticipantsDialog = lazy(() => import('../features/policies/components/participants-dialog'));
const RenewalsPanel = lazy(() => import('../features/renewals/components/renewals-panel'));

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalM },
  toolbar: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    marginBottom: tokens.spacingVerticalM,
  },
  count: { display: 'block', color: tokens.colorNeutralForeground3, marginBottom: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const STATUS_COLOR: Record<PolicyStatus, 'success' | 'warning' | 'danger'> = { active: 'success', expired: 'warning', cancelled: 'danger' };
const RENEWALS = [
  { value: '', label: 'Qualquer data' },
  { value: '30', label: 'Renovam em 30 dias' },
  { value: '60', label: 'Renovam em 60 dias' },
  { value: '90', label: 'Renovam em 90 dias' },
] as const;

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return choiceOf(value, allowed) ?? fallback;
}

/** 'Gestão de Apólices': search and filters on the server, kept in the address (?busca, ?ramo, ?status, ?renovacao, ?numero, ?responsavel) so the dashboard can link to renewals. */
export default function PoliciesPage() {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  // Typing stays fluid; the list follows a beat behind (and the address keeps the search).
  const search = params.get('busca') ?? '';
  const q = useDeferredValue(search);
  const team = useTeam();
  const filters: PolicyFilters = {
    q,
    line: pick(params.get('ramo'), ['all', ...LINE_KEYS], 'all'),
    status: pick(params.get('status'), ['all', 'active', 'expired', 'cancelled'], 'all'),
    renewal: pick(params.get('renovacao'), ['', '30', '60', '90'], ''),
    awaiting: params.get('numero') === 'aguardando',
    // ?responsavel=<member> (a team, for whoever sees more than their own).
    responsibleId: team.isTeam && team.seesEveryone ? (params.get('responsavel') ?? '') : '',
  };
  // ?pagina=N: which page of the list (a filter changed: back to the first).
  const page = Math.max(1, Math.min(999_999, Math.trunc(Number(params.get('pagina'))) || 1));
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === '' || value === 'all' || (key === 'pagina' && value === '1')) next.delete(key);
    else next.set(key, value);
    if (key !== 'pagina') next.delete('pagina');
    setParams(next, { replace: true });
  };
  // ?aba=renovacoes: the renewal centre instead of the list.
  const view = params.get('aba') === 'renovacoes' ? 'renewals' : 'policies';
  const policies = usePolicyPage(filters, page, view === 'policies');
  const [importing, setImporting] = useState(false);
  const [dialog, setDialog] = useState<{ kind: PolicyDialog; policy: Policy } | null>(null);
  const queryClient = useQueryClient();
  const cancel = useCancelPolicy();
  const cancelling = useConfirmAction<Policy>({
    title: 'Cancelar apólice',
    confirmLabel: 'Cancelar apólice',
    message: (policy) =>
      `Cancelar a apólice ${policy.awaitingNumber ? `de ${policy.contactName}, ainda aguardando o nº da seguradora` : `${policy.policyNumber} de ${policy.contactName}`}? Ela deixa de contar nas comissões e no painel.`,
    run: (policy) => cancel.mutateAsync(policy.id),
    done: { title: 'Apólice cancelada' },
    failed: 'Falha ao cancelar a apólice.',
  });

  return (
    <>
      <PageHeader
        title="Gestão de Apólices"
        subtitle="Apólices emitidas, renovações e cancelamentos"
        actions={
          <>
            <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)}>
              Importar
            </Button>
            <Button
              as="a"
              href={operationUrl(FINANCE_OPERATIONS.policiesCsv, { query: csvQuery(filters) })}
              download
              icon={<ArrowDownloadRegular />}
            >
              Exportar
            </Button>
          </>
        }
      />
      {importing ? (
        <Suspense fallback={null}>
          <PoliciesImport
            onClose={() => setImporting(false)}
            onChanged={() =>
              void Promise.all([
                invalidateOperations(queryClient, ...POLICY_LISTS, PIPELINE_OPERATIONS.contacts),
                invalidateFigures(queryClient),
              ])
            }
          />
        </Suspense>
      ) : null}
      <TabList
        className={styles.tabs}
        selectedValue={view}
        onTabSelect={(_event, data) => setFilter('aba', data.value === 'renewals' ? 'renovacoes' : '')}
      >
        <Tab value="policies">Apólices</Tab>
        <Tab value="renewals">Renovações</Tab>
      </TabList>
      {view === 'renewals' ? (
        <Suspense fallback={<Spinner label="Carregando renovações..." />}>
          <RenewalsPanel />
        </Suspense>
      ) : (
        <>
          <PolicyFilterBar search={search} filters={filters} team={team} setFilter={setFilter} />
          <QueryState query={policies} loading="Carregando apólices..." error="Não foi possível carregar as apólices. Tente novamente.">
            {({ items, total }) => (
              <>
                <PolicyTable
                  items={items}
                  total={total}
                  team={team}
                  onOpen={(kind, policy) => setDialog({ kind, policy })}
                  onCancel={(policy) => cancelling.ask(policy)}
                />
                <Pager
                  page={page}
                  pages={Math.max(1, Math.ceil(total / POLICY_PAGE_SIZE))}
                  onPage={(next) => setFilter('pagina', String(next))}
                />
              </>
            )}
          </QueryState>
        </>
      )}
      {cancelling.dialog}
      {dialog ? (
        <Suspense fallback={null}>
          {dialog.kind === 'instalments' ? (
            <InstalmentsDialog policy={dialog.policy} onClose={() => setDialog(null)} />
          ) : dialog.kind === 'numbers' ? (
            <PolicyNumbersDialog policy={dialog.policy} onClose={() => setDialog(null)} />
          ) : dialog.kind === 'history' ? (
            <PolicyHistoryDialog policy={dialog.policy} onClose={() => setDialog(null)} />
          ) : (
            <ParticipantsDialog policy={dialog.policy} team={team} onClose={() => setDialog(null)} />
          )}
        </Suspense>
      ) : null}
    </>
  );
}

/** The dialogs a policy's row opens. */
type PolicyDialog = 'instalments' | 'numbers' | 'history' | 'split';

/** The list's filters as the CSV export takes them. */
function csvQuery(filters: PolicyFilters) {
  return {
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    line: filters.line,
    status: filters.status,
    ...(filters.renewal ? { renewal: filters.renewal } : {}),
    ...(filters.awaiting ? { awaitingNumber: 'true' } : {}),
    ...(filters.responsibleId ? { responsibleId: filters.responsibleId } : {}),
  };
}

/** Search and filters, kept in the address. */
function PolicyFilterBar({
  search,
  filters,
  team,
  setFilter,
}: {
  search: string;
  filters: PolicyFilters;
  team: ReturnType<typeof useTeam>;
  setFilter: (key: string, value: string) => void;
}) {
  const styles = useStyles();
  return (
    <div className={styles.toolbar} role="search">
      <SearchBox
        value={search}
        onChange={(value) => setFilter('busca', value)}
        placeholder="Nº da apólice, da proposta ou cliente..."
        label="Buscar apólices"
      />
      <Field label="Ramo">
        <Select value={filters.line} onChange={(_event, data) => setFilter('ramo', data.value)}>
          <LineOptions any="Todos os ramos" />
        </Select>
      </Field>
      <Field label="Status">
        <Select value={filters.status} onChange={(_event, data) => setFilter('status', data.value)}>
          <option value="all">Todos os status</option>
          {(['active', 'expired', 'cancelled'] as const).map((status) => (
            <option key={status} value={status}>
              {POLICY_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Nº da seguradora">
        <Select value={filters.awaiting ? 'aguardando' : ''} onChange={(_event, data) => setFilter('numero', data.value)}>
          <option value="">Todas as apólices</option>
          <option value="aguardando">Aguardando nº da seguradora</option>
        </Select>
      </Field>
      {team.isTeam && team.seesEveryone ? (
        <Field label="Responsável">
          <MemberFilter team={team} value={filters.responsibleId} onChange={(memberId) => setFilter('responsavel', memberId)} />
        </Field>
      ) : null}
      <Field label="Renovações">
        <Select value={filters.renewal} onChange={(_event, data) => setFilter('renovacao', data.value)}>
          {RENEWALS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

/** What a policy's row does: its instalments, its number, its documents, and for managers its history and split; cancel while active. */
function PolicyActions({
  policy,
  manager,
  onOpen,
  onCancel,
}: {
  policy: Policy;
  manager: boolean;
  onOpen: (dialog: PolicyDialog) => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <div className={styles.actions}>
      <Button size="small" onClick={() => onOpen('instalments')} aria-label={`Parcelas da apólice ${policyName(policy)}`}>
        Parcelas
      </Button>
      <Button
        size="small"
        appearance={policy.awaitingNumber ? 'primary' : 'secondary'}
        onClick={() => onOpen('numbers')}
        aria-label={`${policy.awaitingNumber ? 'Informar nº' : 'Editar nº'} da apólice ${policyName(policy)}`}
      >
        {policy.awaitingNumber ? 'Informar nº' : 'Editar nº'}
      </Button>
      <Button
        size="small"
        onClick={() => void navigate(`/documents?apolice=${policy.id}`)}
        aria-label={`Documentos da apólice ${policyName(policy)}`}
      >
        Documentos
      </Button>
      {manager ? (
        <Button size="small" onClick={() => onOpen('history')} aria-label={`Histórico de alterações da apólice ${policyName(policy)}`}>
          Histórico
        </Button>
      ) : null}
      {manager ? (
        <Button size="small" onClick={() => onOpen('split')} aria-label={`Repasse da apólice ${policyName(policy)}`}>
          Repasse
        </Button>
      ) : null}
      {policy.status === 'active' && (
        <Button size="small" onClick={onCancel} aria-label={`Cancelar apólice ${policyName(policy)}`}>
          Cancelar
        </Button>
      )}
    </div>
  );
}

/** A page of the policies found, with how many there are and each row's actions. */
function PolicyTable({
  items,
  total,
  team,
  onOpen,
  onCancel,
}: {
  items: Policy[];
  total: number;
  team: ReturnType<typeof useTeam>;
  onOpen: (dialog: PolicyDialog, policy: Policy) => void;
  onCancel: (policy: Policy) => void;
}) {
  const styles = useStyles();
  return (
    <>
      <Caption1 className={styles.count} role="status">
        {total === 1 ? '1 apólice' : `${formatCount(total)} apólices`}
      </Caption1>
      <DataTable
        label="Apólices"
        rows={items}
        rowKey={(policy) => policy.id}
        empty="Nenhuma apólice encontrada. Apólices aparecem aqui quando uma venda finalizada é emitida no Pipeline."
        columns={[
          {
            header: 'Número',
            cell: (policy) =>
              policy.awaitingNumber ? (
                <Badge appearance="tint" color="warning">
                  Aguardando nº da seguradora
                </Badge>
              ) : (
                policy.policyNumber
              ),
          },
          { header: 'Cliente', cell: (policy) => <ClientLink id={policy.contactId} name={policy.contactName} /> },
          { header: 'Ramo', cell: (policy) => lineLabel(policy.line) },
          { header: 'Prêmio total', cell: (policy) => formatMoney(wireToCents(policy.premium)) },
          {
            header: 'Status',
            cell: (policy) => (
              <Badge appearance="tint" color={STATUS_COLOR[policy.status]}>
                {POLICY_STATUS_LABELS[policy.status]}
              </Badge>
            ),
          },
          { header: 'Renovação', cell: (policy) => formatDate(policy.renewalDate) },
          // Whose policy it is, where the list holds more than one member's.
          ...(team.isTeam && team.seesEveryone
            ? [{ header: 'Responsável', cell: (policy: Policy) => team.nameOf(policy.responsibleId) ?? 'Membro desativado' }]
            : []),
          {
            header: 'Ações',
            cell: (policy) => (
              <PolicyActions
                policy={policy}
                manager={team.manager}
                onOpen={(kind) => onOpen(kind, policy)}
                onCancel={() => onCancel(policy)}
              />
            ),
          },
        ]}
      />
    </>
  );
}
