import { Notice } from '@corretora/web-kit/ui';
import {
  CLAIM_STATUS_LABELS,
  PORTAL_INSTALMENT_LABELS,
  PORTAL_OPERATIONS as OPS,
  formatDate,
  formatMoney,
  wireToCents,
  type PortalMe,
  type PortalPolicy,
} from '@corretora/contracts';
import { ApiError, operationUrl } from '@corretora/web-kit';
import { Body1, Button, Caption1, Link, Spinner, Subtitle2, Text, Title2 } from '@corretora/web-kit/fluent/core';
import { useFocusableGroup } from '@corretora/web-kit/fluent/focus';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { forgetClient, useClaims, useInstalments, usePolicies, usePolicyDocuments } from '../lib/portal-api';
import { usePortalStyles } from '../lib/portal-styles';

// Each dialog loads when first opened.
const ChangeDialog = lazy(() => import('../features/requests/change-dialog'));
const ClaimDialog = lazy(() => import('../features/claims/claim-dialog'));
const MyDataDialog = lazy(() => import('../features/my-data/my-data-dialog'));

const reais = (wire: string) => formatMoney(wireToCents(wire));

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  const styles = usePortalStyles();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <Subtitle2 as="h2" id={id}>
        {title}
      </Subtitle2>
      {children}
    </section>
  );
}

function Loading({ failed, children }: { failed: boolean; children: ReactNode }) {
  if (failed) return <Notice intent="error">Não foi possível carregar. Recarregue a página.</Notice>;
  return <>{children ?? <Spinner size="small" label="Carregando..." />}</>;
}

function PolicyDocuments({ policy }: { policy: PortalPolicy }) {
  const styles = usePortalStyles();
  const documents = usePolicyDocuments(policy.id);
  if (documents.isPending) return <Spinner size="tiny" label="Carregando documentos..." />;
  if (documents.isError) return <Notice intent="error">Não foi possível carregar os documentos.</Notice>;
  if (documents.data.length === 0) return <Caption1 className={styles.muted}>Nenhum documento desta apólice ainda.</Caption1>;
  return (
    <ul className={styles.list} aria-label={`Documentos da apólice ${policy.policyNumber}`}>
      {documents.data.map((document) => (
        <li key={document.id}>
          <Link href={operationUrl(OPS.download, { params: { id: document.id } })} download={document.name}>
            {document.isPolicyPdf ? `Apólice (PDF): ${document.name}` : document.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function PolicyCard({ policy }: { policy: PortalPolicy }) {
  const styles = usePortalStyles();
  const [open, setOpen] = useState(false);
  return (
    <li className={styles.card}>
      <div className={styles.row}>
        <Text weight="semibold">{`${policy.lineLabel} · ${policy.insurerName ?? 'Seguradora não informada'}`}</Text>
        <Caption1 className={policy.inForce ? undefined : styles.muted}>{policy.inForce ? 'Vigente' : 'Vencida'}</Caption1>
      </div>
      <Body1>{policy.awaitingNumber ? 'Apólice aguardando o número da seguradora' : `Apólice nº ${policy.policyNumber}`}</Body1>
      {policy.insured ? <Caption1>{policy.insured}</Caption1> : null}
      <Caption1>
        {`Vigência: ${policy.startDate ? `${formatDate(policy.startDate)} a ` : 'até '}${formatDate(policy.renewalDate)} · Prêmio ${reais(policy.premium)}`}
      </Caption1>
      <div className={styles.actions}>
        <Button appearance="subtle" size="small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Esconder documentos' : `Documentos (${policy.documentCount})`}
        </Button>
      </div>
      {open ? <PolicyDocuments policy={policy} /> : null}
    </li>
  );
}

/** What the signed-in client sees: their policies, instalments and claims, and what they can ask for. */
export default function HomePage({ me }: { me: PortalMe }) {
  // Holds Fluent's focus manager while the client is in: a dialog that created it first disposed it on
  // closing before it gave the page back, and aria-hidden stayed on #root (as the member's layout found).
  useFocusableGroup();
  const styles = usePortalStyles();
  const policies = usePolicies();
  const instalments = useInstalments();
  const claims = useClaims();
  const queryClient = useQueryClient();
  // Their session ended (30 minutes idle, Sair in another tab): back to the sign-in, nothing of theirs kept.
  const ended = [policies, instalments, claims].some((query) => query.error instanceof ApiError && query.error.status === 401);
  useEffect(() => {
    if (ended) void forgetClient(queryClient);
  }, [ended, queryClient]);
  const [dialog, setDialog] = useState<'claim' | 'change' | 'data' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const finished = (message: string) => {
    setDialog(null);
    setDone(message);
  };
  const due = instalments.data?.filter((instalment) => instalment.state !== 'paid') ?? [];
  return (
    <>
      <Title2 as="h1">{`Olá, ${me.name.split(' ')[0]}`}</Title2>
      {done ? <Notice intent="success">{done}</Notice> : null}
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => setDialog('claim')}>
          Avisar sinistro
        </Button>
        <Button onClick={() => setDialog('change')}>Pedir alteração</Button>
        <Button onClick={() => setDialog('data')}>Meus dados</Button>
      </div>
      <Section title="Minhas apólices" id="portal-apolices">
        <Loading failed={policies.isError}>
          {policies.data ? (
            policies.data.length ? (
              <ul className={styles.list}>
                {policies.data.map((policy) => (
                  <PolicyCard key={policy.id} policy={policy} />
                ))}
              </ul>
            ) : (
              <Body1>Nenhuma apólice por aqui ainda.</Body1>
            )
          ) : null}
        </Loading>
      </Section>
      <Section title="Parcelas" id="portal-parcelas">
        <Loading failed={instalments.isError}>
          {instalments.data ? (
            due.length ? (
              <ul className={styles.list}>
                {due.map((instalment) => (
                  <li key={`${instalment.policyId}-${instalment.number}`} className={styles.card}>
                    <div className={styles.row}>
                      <Text weight="semibold">{`Parcela ${instalment.number} · ${reais(instalment.premium)}`}</Text>
                      <Caption1 className={instalment.state === 'overdue' ? styles.overdue : undefined}>
                        {PORTAL_INSTALMENT_LABELS[instalment.state]}
                      </Caption1>
                    </div>
                    <Caption1 className={instalment.state === 'overdue' ? styles.overdue : undefined}>
                      {`Vence em ${formatDate(instalment.dueDate)} · Apólice ${instalment.policyNumber}`}
                    </Caption1>
                    {instalment.paymentLink ? (
                      <Link
                        href={instalment.paymentLink}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`Pagar (boleto ou Pix) a parcela ${instalment.number} da apólice ${instalment.policyNumber}, em nova aba`}
                      >
                        Pagar (boleto ou Pix)
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <Body1>Nenhuma parcela em aberto.</Body1>
            )
          ) : null}
        </Loading>
      </Section>
      <Section title="Sinistros" id="portal-sinistros">
        <Loading failed={claims.isError}>
          {claims.data ? (
            claims.data.length ? (
              <ul className={styles.list}>
                {claims.data.map((claim) => (
                  <li key={claim.id} className={styles.card}>
                    <div className={styles.row}>
                      <Text weight="semibold">{claim.claimId}</Text>
                      <Caption1>{CLAIM_STATUS_LABELS[claim.status]}</Caption1>
                    </div>
                    <Caption1>
                      {[
                        claim.policyNumber ? `Apólice ${claim.policyNumber}` : null,
                        claim.occurredAt ? `ocorrido em ${formatDate(claim.occurredAt)}` : null,
                        claim.photoCount ? `${claim.photoCount} foto(s)` : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Caption1>
                    {claim.description ? <Body1>{claim.description}</Body1> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <Body1>Nenhum sinistro.</Body1>
            )
          ) : null}
        </Loading>
      </Section>
      <Suspense fallback={null}>
        {dialog === 'claim' ? <ClaimDialog policies={policies.data ?? []} onClose={() => setDialog(null)} onDone={finished} /> : null}
        {dialog === 'change' ? <ChangeDialog onClose={() => setDialog(null)} onDone={finished} /> : null}
        {dialog === 'data' ? <MyDataDialog me={me} onClose={() => setDialog(null)} onDone={finished} /> : null}
      </Suspense>
    </>
  );
}
