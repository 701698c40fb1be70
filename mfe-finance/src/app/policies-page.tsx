import {
  POLICY_STATUS_LABELS,
  POLICY_TYPES,
  formatCount,
  formatDate,
  formatMoney,
  wireToCents,
  type Policy,
  type PolicyStatus,
} from '@corretora/contracts';
import { apiErrorMessage, useSearchParams } from '@corretora/web-kit';
import { ConfirmDialog, EmptyState, PageHeader, useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Button, Caption1, Field, Spinner } from '@corretora/web-kit/fluent/core';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Select } from '@corretora/web-kit/fluent/select';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@corretora/web-kit/fluent/table';
import { useState } from 'react';
import { useCancelPolicy, usePolicies, type PolicyFilters } from '../features/policies/api/policies-api';

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    marginBottom: tokens.spacingVerticalM,
  },
  count: { display: 'block', color: tokens.colorNeutralForeground3, marginBottom: tokens.spacingVerticalS },
  tableWrap: { overflowX: 'auto' },
});

const TYPE_LABEL = Object.fromEntries(POLICY_TYPES.map((type) => [type.value, type.label]));
const STATUS_COLOR: Record<PolicyStatus, 'success' | 'warning' | 'danger'> = { active: 'success', expired: 'warning', cancelled: 'danger' };
const RENEWALS = [
  { value: '', label: 'Qualquer data' },
  { value: '30', label: 'Renovam em 30 dias' },
  { value: '60', label: 'Renovam em 60 dias' },
  { value: '90', label: 'Renovam em 90 dias' },
] as const;

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** 'Gestão de Apólices': filters on the server, kept in the address (?tipo, ?status, ?renovacao) so the dashboard can link to renewals. */
export default function PoliciesPage() {
  const styles = useStyles();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const filters: PolicyFilters = {
    type: pick(params.get('tipo'), ['all', ...POLICY_TYPES.map((type) => type.value)], 'all'),
    status: pick(params.get('status'), ['all', 'active', 'expired', 'cancelled'], 'all'),
    renewal: pick(params.get('renovacao'), ['', '30', '60', '90'], ''),
  };
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === '' || value === 'all') next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  const policies = usePolicies(filters);
  const cancel = useCancelPolicy();
  const [cancelling, setCancelling] = useState<Policy | null>(null);
  const items = policies.data ?? [];

  return (
    <>
      <PageHeader title="Gestão de Apólices" subtitle="Apólices emitidas, renovações e cancelamentos" />
      <div className={styles.toolbar}>
        <Field label="Tipo">
          <Select value={filters.type} onChange={(_event, data) => setFilter('tipo', data.value)}>
            <option value="all">Todos os tipos</option>
            {POLICY_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
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
      {policies.isLoading ? (
        <Spinner label="Carregando apólices..." />
      ) : policies.isError ? (
        <EmptyState role="alert">Não foi possível carregar as apólices. Tente novamente.</EmptyState>
      ) : (
        <>
          <Caption1 className={styles.count} role="status">
            {items.length === 1 ? '1 apólice' : `${formatCount(items.length)} apólices`}
          </Caption1>
          {items.length === 0 ? (
            <EmptyState>Nenhuma apólice encontrada. Apólices aparecem aqui quando uma venda finalizada é emitida no Pipeline.</EmptyState>
          ) : (
            <div className={styles.tableWrap}>
              <Table aria-label="Apólices">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>Número</TableHeaderCell>
                    <TableHeaderCell>Cliente</TableHeaderCell>
                    <TableHeaderCell>Tipo</TableHeaderCell>
                    <TableHeaderCell>Prêmio/ano</TableHeaderCell>
                    <TableHeaderCell>Status</TableHeaderCell>
                    <TableHeaderCell>Renovação</TableHeaderCell>
                    <TableHeaderCell>Ações</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((policy) => (
                    <TableRow key={policy.id}>
                      <TableCell>{policy.policyNumber}</TableCell>
                      <TableCell>{policy.contactName}</TableCell>
                      <TableCell>{TYPE_LABEL[policy.type]}</TableCell>
                      <TableCell>{formatMoney(wireToCents(policy.premium))}</TableCell>
                      <TableCell>
                        <Badge appearance="tint" color={STATUS_COLOR[policy.status]}>
                          {POLICY_STATUS_LABELS[policy.status]}
                        </Badge>
                      </TableCell>
                      <TableCell>{formatDate(policy.renewalDate)}</TableCell>
                      <TableCell>
                        {policy.status === 'active' && (
                          <Button size="small" onClick={() => setCancelling(policy)} aria-label={`Cancelar apólice ${policy.policyNumber}`}>
                            Cancelar
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancelar apólice"
        message={
          cancelling
            ? `Cancelar a apólice ${cancelling.policyNumber} de ${cancelling.contactName}? Ela deixa de contar nas comissões e no painel.`
            : ''
        }
        confirmLabel="Cancelar apólice"
        busy={cancel.isPending}
        onOpenChange={(open) => (!open ? setCancelling(null) : undefined)}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: () => {
              notify.success('Apólice cancelada');
              setCancelling(null);
            },
            onError: (error) => notify.error('Falha ao cancelar a apólice.', apiErrorMessage(error, '')),
          })
        }
      />
    </>
  );
}
