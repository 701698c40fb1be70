import {
  CLAIM_STATUSES,
  CLAIM_STATUS_LABELS,
  CLAIM_TRANSITIONS,
  CLAIM_TYPES,
  formatCount,
  formatDate,
  formatMoney,
  wireToCents,
  type Claim,
  type ClaimStatus,
} from '@corretora/contracts';
import { apiErrorMessage, useSearchParams } from '@corretora/web-kit';
import { ActionMenu, EmptyState, PageHeader, useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Button, Caption1, Field, Spinner } from '@corretora/web-kit/fluent/core';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Select } from '@corretora/web-kit/fluent/select';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@corretora/web-kit/fluent/table';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useState } from 'react';
import { useClaimStatus, useClaims } from '../features/claims/api/claims-api';

const ClaimDialog = lazy(() => import('../features/claims/components/claim-dialog').then((module) => ({ default: module.ClaimDialog })));

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
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

const TYPE_LABEL: Record<string, string> = Object.fromEntries(CLAIM_TYPES.map((type) => [type.value, type.label]));
const STATUS_COLOR: Record<ClaimStatus, 'informative' | 'warning' | 'success' | 'danger' | 'subtle'> = {
  open: 'informative',
  in_review: 'warning',
  approved: 'success',
  denied: 'danger',
  closed: 'subtle',
};

/** Claims: status filter and active count from the server, new/edit dialog (?novo=1 opens it), status steps the transition table allows. */
export default function ClaimsPage() {
  const styles = useStyles();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<ClaimStatus | 'all'>('all');
  const [editing, setEditing] = useState<Claim | null | undefined>(params.get('novo') === '1' ? null : undefined);
  const claims = useClaims(status);
  const changeStatus = useClaimStatus();
  const closeDialog = () => {
    setEditing(undefined);
    if (params.has('novo')) setParams({}, { replace: true });
  };
  const items = claims.data?.items ?? [];
  const active = claims.data?.activeCount ?? 0;

  return (
    <>
      <PageHeader title="Sinistros" subtitle="Acompanhe os sinistros dos seus clientes" />
      <div className={styles.toolbar}>
        <Field label="Status">
          <Select value={status} onChange={(_event, data) => setStatus(data.value as ClaimStatus | 'all')}>
            <option value="all">Todos os status</option>
            {CLAIM_STATUSES.map((value) => (
              <option key={value} value={value}>
                {CLAIM_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing(null)}>
          Novo Sinistro
        </Button>
      </div>
      {claims.isLoading ? (
        <Spinner label="Carregando sinistros..." />
      ) : claims.isError ? (
        <EmptyState role="alert">Não foi possível carregar os sinistros. Tente novamente.</EmptyState>
      ) : (
        <>
          <Caption1 className={styles.count} role="status">
            {active === 1 ? '1 sinistro ativo' : `${formatCount(active)} sinistros ativos`}
          </Caption1>
          {items.length === 0 ? (
            <EmptyState>{status === 'all' ? 'Nenhum sinistro registrado.' : 'Nenhum sinistro com este status.'}</EmptyState>
          ) : (
            <div className={styles.tableWrap}>
              <Table aria-label="Sinistros">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>Sinistro</TableHeaderCell>
                    <TableHeaderCell>Cliente</TableHeaderCell>
                    <TableHeaderCell>Tipo</TableHeaderCell>
                    <TableHeaderCell>Valor</TableHeaderCell>
                    <TableHeaderCell>Status</TableHeaderCell>
                    <TableHeaderCell>Data</TableHeaderCell>
                    <TableHeaderCell>Ações</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((claim) => (
                    <TableRow key={claim.id}>
                      <TableCell>{claim.claimId}</TableCell>
                      {/* The spec's 'Contact #id', with the name the broker knows. */}
                      <TableCell>
                        {claim.contactName} (Contact #{claim.contactId})
                      </TableCell>
                      <TableCell>{TYPE_LABEL[claim.type] ?? claim.type}</TableCell>
                      <TableCell>{formatMoney(wireToCents(claim.amount))}</TableCell>
                      <TableCell>
                        <Badge appearance="tint" color={STATUS_COLOR[claim.status]}>
                          {CLAIM_STATUS_LABELS[claim.status]}
                        </Badge>
                      </TableCell>
                      <TableCell>{formatDate(claim.dateFiled)}</TableCell>
                      <TableCell>
                        <div className={styles.actions}>
                          {claim.status !== 'closed' && (
                            <Button
                              size="small"
                              icon={<EditRegular />}
                              aria-label={`Editar sinistro ${claim.claimId}`}
                              onClick={() => setEditing(claim)}
                            />
                          )}
                          {CLAIM_TRANSITIONS[claim.status].length > 0 && (
                            <ActionMenu
                              size="small"
                              aria-label={`Mudar status do sinistro ${claim.claimId}`}
                              items={CLAIM_TRANSITIONS[claim.status].map((next) => ({
                                key: next,
                                label: CLAIM_STATUS_LABELS[next],
                                onSelect: () =>
                                  changeStatus.mutate(
                                    { id: claim.id, status: next },
                                    {
                                      onSuccess: () => notify.success(`Sinistro ${CLAIM_STATUS_LABELS[next].toLowerCase()}`),
                                      onError: (error) => notify.error('Falha ao mudar o status.', apiErrorMessage(error, '')),
                                    },
                                  ),
                              }))}
                            >
                              Mudar status
                            </ActionMenu>
                          )}
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </>
      )}
      {editing !== undefined && (
        <Suspense fallback={null}>
          <ClaimDialog claim={editing} onClose={closeDialog} />
        </Suspense>
      )}
    </>
  );
}
