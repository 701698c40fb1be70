import {
  CATALOGUE_OPERATIONS,
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
  choiceOf,
  describeInsuredItem,
} from '@corretora/contracts';
import { apiErrorMessage, useNavigate, useOperation, useSearchParams } from '@corretora/web-kit';
import { ActionMenu, DataTable, PageHeader, QueryState, useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Button, Caption1, Field } from '@corretora/web-kit/fluent/core';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Select } from '@corretora/web-kit/fluent/select';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useClaimStatus, useClaims } from '../features/claims/api/claims-api';
import { ClientLink } from '../components/client-link';

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

/** Edit (while open) and the status steps the transition table allows from here. */
function ClaimActions({ claim, onEdit }: { claim: Claim; onEdit: (claim: Claim) => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const changeStatus = useClaimStatus();
  const navigate = useNavigate();
  return (
    <div className={styles.actions}>
      <Button
        size="small"
        aria-label={`Documentos do sinistro ${claim.claimId}`}
        onClick={() => void navigate(`/documents?sinistro=${claim.id}`)}
      >
        Documentos
      </Button>
      {claim.status !== 'closed' && (
        <Button size="small" icon={<EditRegular />} aria-label={`Editar sinistro ${claim.claimId}`} onClick={() => onEdit(claim)} />
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
  );
}

/** Claims: status filter and active count from the server, new/edit dialog (?novo=1 opens it), status steps the transition table allows. */
export default function ClaimsPage() {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<ClaimStatus | 'all'>('all');
  const [editing, setEditing] = useState<Claim | null | undefined>(params.get('novo') === '1' ? null : undefined);
  const claims = useClaims(status);
  const reference = useOperation(CATALOGUE_OPERATIONS.referenceData);
  const insurerName = (id: number | null) =>
    id === null ? null : (reference.data?.insurers.find((insurer) => insurer.id === id)?.name ?? null);
  // ?sinistro=<id> (the top bar's search, the ficha): that claim opens once the list has it (state
  // adjusted while rendering, as ?novo=1); then the address forgets it.
  const askedClaim = params.get('sinistro');
  const [handledClaim, setHandledClaim] = useState<string | null>(null);
  if (askedClaim !== null && handledClaim !== askedClaim && claims.data) {
    setHandledClaim(askedClaim);
    const claim = claims.data.items.find((candidate) => String(candidate.id) === askedClaim);
    if (claim) setEditing(claim);
  }
  useEffect(() => {
    if (askedClaim !== null && handledClaim === askedClaim) setParams({}, { replace: true });
  }, [askedClaim, handledClaim, setParams]);
  const closeDialog = () => {
    setEditing(undefined);
    if (params.has('novo')) setParams({}, { replace: true });
  };

  return (
    <>
      <PageHeader title="Sinistros" subtitle="Acompanhe os sinistros dos seus clientes" />
      <div className={styles.toolbar}>
        <Field label="Status">
          <Select value={status} onChange={(_event, data) => setStatus(choiceOf(data.value, CLAIM_STATUSES) ?? 'all')}>
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
      <QueryState query={claims} loading="Carregando sinistros..." error="Não foi possível carregar os sinistros. Tente novamente.">
        {({ items, activeCount }) => (
          <>
            <Caption1 className={styles.count} role="status">
              {activeCount === 1 ? '1 sinistro ativo' : `${formatCount(activeCount)} sinistros ativos`}
            </Caption1>
            <DataTable
              label="Sinistros"
              rows={items}
              rowKey={(claim) => claim.id}
              empty={status === 'all' ? 'Nenhum sinistro registrado.' : 'Nenhum sinistro com este status.'}
              columns={[
                {
                  header: 'Sinistro',
                  cell: (claim) => (claim.insurerClaimNumber ? `${claim.claimId} · seguradora ${claim.insurerClaimNumber}` : claim.claimId),
                },
                { header: 'Cliente', cell: (claim) => <ClientLink id={claim.contactId} name={claim.contactName} /> },
                {
                  header: 'Apólice',
                  cell: (claim) =>
                    claim.policyNumber === null
                      ? '—'
                      : [
                          claim.policyAwaitingNumber ? 'aguardando nº' : claim.policyNumber,
                          insurerName(claim.insurerId),
                          describeInsuredItem(claim.insuredItem) || null,
                        ]
                          .filter((part) => part !== null)
                          .join(' · '),
                },
                { header: 'Tipo', cell: (claim) => TYPE_LABEL[claim.type] ?? claim.type },
                { header: 'Valor', cell: (claim) => formatMoney(wireToCents(claim.amount)) },
                {
                  header: 'Status',
                  cell: (claim) => (
                    <Badge appearance="tint" color={STATUS_COLOR[claim.status]}>
                      {CLAIM_STATUS_LABELS[claim.status]}
                    </Badge>
                  ),
                },
                { header: 'Ocorrência', cell: (claim) => (claim.occurredAt ? formatDate(claim.occurredAt) : '—') },
                { header: 'Aberto em', cell: (claim) => formatDate(claim.dateFiled) },
                { header: 'Ações', cell: (claim) => <ClaimActions claim={claim} onEdit={setEditing} /> },
              ]}
            />
          </>
        )}
      </QueryState>
      {editing !== undefined && (
        <Suspense fallback={null}>
          <ClaimDialog claim={editing} onClose={closeDialog} />
        </Suspense>
      )}
    </>
  );
}
