import {
  CATALOGUE_OPERATIONS,
  CONTACT_KIND_LABELS,
  CONTACT_STATUS_LABELS,
  RELATIONSHIP_OPERATIONS,
  type ContactOverview,
} from '@corretora/contracts';
import { Link, useNavigate, useOperation, useParams } from '@corretora/web-kit';
import { Body1, Button } from '@corretora/web-kit/fluent/core';
import { PageHeader, QueryState, useTeam } from '@corretora/web-kit/ui';
import { Suspense, lazy, useState } from 'react';
import { BookSections, ContactFacts, ContactNotices, WorkSections, useContactStyles } from './contact-sections';

const ContactDialog = lazy(() =>
  import('../features/contacts/components/contact-dialog').then((module) => ({ default: module.ContactDialog })),
);
const TimelineDialog = lazy(() => import('../features/contacts/components/timeline-dialog'));
const ResponsibleDialog = lazy(() =>
  import('../features/contacts/components/responsible-dialog').then((module) => ({ default: module.ResponsibleDialog })),
);
const PortalAccessSection = lazy(() =>
  import('../features/contacts/components/portal-access-section').then((module) => ({ default: module.PortalAccessSection })),
);
const AuditSection = lazy(() =>
  import('../features/contacts/components/audit-section').then((module) => ({ default: module.AuditSection })),
);

/** /contacts/{id}: the client whole — data, policies, open instalments, claims, documents, cards, renewals, tasks, timeline. */
export default function ContactPage() {
  const styles = useContactStyles();
  const { id } = useParams();
  const contactId = Number(id);
  const valid = Number.isInteger(contactId) && contactId > 0 && contactId <= 2_147_483_647;
  const overview = useOperation(RELATIONSHIP_OPERATIONS.contactOverview, { params: { id: valid ? contactId : 0 } }, { enabled: valid });
  const reference = useOperation(CATALOGUE_OPERATIONS.referenceData);
  const [dialog, setDialog] = useState<'edit' | 'history' | 'responsible' | null>(null);
  const team = useTeam();
  const navigate = useNavigate();
  const insurerName = (insurerId: number | null) =>
    reference.data?.insurers.find((insurer) => insurer.id === insurerId)?.name ?? (insurerId === null ? 'Sem seguradora' : 'Seguradora');

  if (!valid)
    return (
      <Body1>
        Contato não encontrado. <Link to="/contacts">Voltar para Contatos</Link>
      </Body1>
    );
  return (
    <QueryState query={overview} loading="Carregando a ficha do cliente..." error="Não foi possível carregar a ficha. Recarregue a página.">
      {(data: ContactOverview) => {
        const { contact } = data;
        const blocked = data.blockedUntil !== null;
        return (
          <>
            <PageHeader
              title={contact.name}
              subtitle={`${CONTACT_KIND_LABELS[contact.kind]} · ${CONTACT_STATUS_LABELS[contact.type === 'prospect' ? 'prospect' : 'client']}`}
              actions={
                <>
                  {contact.phone ? (
                    <Button as="a" href={`tel:+55${contact.phone}`}>
                      Ligar
                    </Button>
                  ) : null}
                  {/* Blocked (LGPD): kept only for the retention, it takes no edit, message or new record. */}
                  {blocked ? null : (
                    <>
                      <Button onClick={() => setDialog('history')}>Histórico e WhatsApp</Button>
                      <Button onClick={() => setDialog('edit')}>Editar</Button>
                    </>
                  )}
                  {team.isTeam && team.manager ? <Button onClick={() => setDialog('responsible')}>Mudar responsável</Button> : null}
                  {blocked ? null : (
                    <>
                      <Button onClick={() => navigate('/claims?novo=1')}>Novo sinistro</Button>
                      <Button appearance="primary" onClick={() => navigate(`/pipeline?novo=1&cliente=${contact.id}`)}>
                        Nova venda
                      </Button>
                    </>
                  )}
                </>
              }
            />
            <Body1 as="p" className={styles.muted}>
              <Link to="/contacts">← Contatos</Link>
            </Body1>
            <ContactNotices data={data} />
            <div className={styles.sections}>
              <ContactFacts data={data} />
              <BookSections data={data} insurerName={insurerName} />
              <WorkSections data={data} />
              <Suspense fallback={null}>
                {blocked ? null : <PortalAccessSection contactId={contact.id} />}
                <AuditSection entity="contact" entityId={contact.id} />
              </Suspense>
            </div>
            <Suspense fallback={null}>
              {dialog === 'edit' ? <ContactDialog contact={contact} onClose={() => setDialog(null)} /> : null}
              {dialog === 'history' ? <TimelineDialog contact={contact} onClose={() => setDialog(null)} /> : null}
              {dialog === 'responsible' ? <ResponsibleDialog contact={contact} team={team} onClose={() => setDialog(null)} /> : null}
            </Suspense>
          </>
        );
      }}
    </QueryState>
  );
}
