import {
  portalEntryText,
  whatsappEntryText,
  sentEntryText,
  CLAIM_STATUS_LABELS,
  CLAIM_TYPES,
  DOCUMENT_CATEGORIES,
  INSTALMENT_STATUS_LABELS,
  INTERACTION_TYPES,
  POLICY_STATUS_LABELS,
  formatAddress,
  formatCnpj,
  formatCpf,
  formatDate,
  taskDueText,
  formatMoney,
  formatPhone,
  hasAddress,
  lineLabel,
  optionLabel,
  saoPauloDay,
  taskLabel,
  wireToCents,
  type ContactOverview,
  type TimelineEntry,
} from '@corretora/contracts';
import { Link } from '@corretora/web-kit';
import { ConversationLink } from '../components/conversation-link';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Card } from '@corretora/web-kit/fluent/card';
import { Body1, Caption1, Subtitle2, Text } from '@corretora/web-kit/fluent/core';
import { MessageBar, MessageBarBody } from '@corretora/web-kit/fluent/message-bar';
import { useTeam } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

/** The ficha's look, shared by the page and its sections. */
export const useContactStyles = makeStyles({
  sections: {
    display: 'grid',
    gap: tokens.spacingVerticalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 22rem), 1fr))',
    alignItems: 'start',
  },
  section: { gap: tokens.spacingVerticalS, minWidth: 0 },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  item: { display: 'grid', gap: '2px', overflowWrap: 'anywhere' },
  itemActions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  late: { color: tokens.colorPaletteRedForeground1 },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    margin: 0,
  },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** One block of the ficha: its title, a link to the screen that works on it, and its items (or what says there are none). */
function Section({
  title,
  to,
  linkLabel,
  empty,
  action,
  children,
}: {
  title: string;
  to?: string;
  linkLabel?: string;
  empty: string;
  /** What the broker starts from here (a new task for this client). */
  action?: ReactNode;
  children: ReactNode[];
}) {
  const styles = useContactStyles();
  return (
    <Card className={styles.section} role="region" aria-label={title}>
      <div className={styles.head}>
        <Subtitle2 as="h2">{title}</Subtitle2>
        <span className={styles.actions}>
          {action}
          {to ? <Link to={to}>{linkLabel ?? 'Abrir'}</Link> : null}
        </span>
      </div>
      {children.length === 0 ? <Body1 className={styles.muted}>{empty}</Body1> : <ul className={styles.list}>{children}</ul>}
    </Card>
  );
}

/** One item of a section: what it is, and a line of detail (red when it is late). */
function Item({ title, detail, late = false, children }: { title: string; detail: string; late?: boolean; children?: ReactNode }) {
  const styles = useContactStyles();
  return (
    <li className={styles.item}>
      <Text weight="semibold">{title}</Text>
      <Caption1 className={late ? styles.late : styles.muted}>{detail}</Caption1>
      {children ? <div className={styles.itemActions}>{children}</div> : null}
    </li>
  );
}

function timelineText(entry: TimelineEntry): string {
  if (entry.kind === 'interaction') return `${optionLabel(INTERACTION_TYPES, entry.type)}${entry.note ? `: ${entry.note}` : ''}`;
  if (entry.kind === 'whatsapp' || entry.kind === 'message') return whatsappEntryText(entry);
  if (entry.kind === 'sent') return sentEntryText(entry);
  if (entry.kind === 'portal') return portalEntryText(entry);
  return `Consentimento de ${entry.purpose === 'servico' ? 'serviço' : 'marketing'} ${entry.granted ? 'dado' : 'retirado'}`;
}

/** What the ficha says first when the client is blocked, asked to be erased, or finance does not answer. */
export function ContactNotices({ data }: { data: ContactOverview }) {
  return (
    <>
      {data.blockedUntil ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            {`Bloqueado por um pedido de eliminação (LGPD): os dados ficam só pela guarda das apólices, até ${formatDate(
              data.blockedUntil,
            )}. Sem mensagens, edições nem exportações.`}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {data.erasureRequestedOn ? (
        <MessageBar intent="info">
          <MessageBarBody>
            {`Pedido de eliminação (LGPD) em ${formatDate(data.erasureRequestedOn)}: os dados de contato ficam só para o contrato em vigor (apólice ou sinistro) e o marketing terminou. O restante é eliminado quando o último contrato terminar.`}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {data.unavailable.includes('finance') ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            Apólices, parcelas, sinistros e documentos estão indisponíveis agora. Tente novamente em instantes.
          </MessageBarBody>
        </MessageBar>
      ) : null}
    </>
  );
}

/** The client's own data (whose client it is, in a team). */
export function ContactFacts({ data }: { data: ContactOverview }) {
  const styles = useContactStyles();
  const team = useTeam();
  const { contact } = data;
  return (
    <Card className={styles.section} role="region" aria-label="Dados do cliente">
      <Subtitle2 as="h2">Dados do cliente</Subtitle2>
      <dl className={styles.facts}>
        {(
          [
            contact.kind === 'pj' ? ['Razão social', contact.legalName] : null,
            contact.kind === 'pj' ? ['CNPJ', formatCnpj(contact.cnpj)] : ['CPF', formatCpf(contact.cpf)],
            contact.kind === 'pj' ? ['Pessoa de contato', contact.contactPerson] : ['Nascimento', formatDate(contact.birthDate)],
            ['Telefone', formatPhone(contact.phone)],
            ['E-mail', contact.email],
            ['Endereço', hasAddress(contact.address) ? formatAddress(contact.address) : null],
            ['Último contato', contact.lastContact ? formatDate(contact.lastContact) : null],
            // In a team, whose client it is (a brokerage of one never sees it).
            team.isTeam ? ['Responsável', team.nameOf(contact.responsibleId) ?? 'Membro desativado'] : null,
          ] as const
        )
          .filter((fact) => fact !== null)
          .map(([term, value]) => (
            <div key={term} className={styles.pair}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value}>{value || '—'}</dd>
            </div>
          ))}
      </dl>
    </Card>
  );
}

/** The client's book: policies, open instalments, claims and documents. */
export function BookSections({ data, insurerName }: { data: ContactOverview; insurerName: (id: number | null) => string }) {
  const team = useTeam();
  const { contact } = data;
  const blocked = data.blockedUntil !== null;
  const today = saoPauloDay(new Date());
  return (
    <>
      <Section title="Apólices" to={`/policies?busca=${encodeURIComponent(contact.name)}`} linkLabel="Em Apólices" empty="Nenhuma apólice.">
        {data.policies.map((policy) => (
          <Item
            key={policy.id}
            title={`${policy.awaitingNumber ? 'Aguardando nº da seguradora' : policy.policyNumber} · ${lineLabel(policy.line)}`}
            detail={`${insurerName(policy.insurerId)} · ${policy.startDate ? `${formatDate(policy.startDate)} a ` : 'até '}${formatDate(policy.renewalDate)} · ${formatMoney(wireToCents(policy.premium))}${policy.insured ? ` · ${policy.insured}` : ''}`}
          >
            <span>
              <Badge appearance="tint" color={policy.status === 'active' ? 'success' : policy.status === 'expired' ? 'warning' : 'danger'}>
                {POLICY_STATUS_LABELS[policy.status]}
              </Badge>
            </span>
            <Link to={`/policies?busca=${encodeURIComponent(policy.policyNumber)}`}>Abrir apólice</Link>
            {blocked ? null : <Link to={`/documents?apolice=${policy.id}`}>Enviar documento</Link>}
          </Item>
        ))}
      </Section>
      <Section title="Parcelas em aberto" to="/commissions?aba=recebiveis" linkLabel="Em Recebíveis" empty="Nenhuma parcela em aberto.">
        {data.instalments.map((instalment) => (
          <Item
            key={`${instalment.policyId}-${instalment.number}`}
            title={`Parcela ${instalment.number} · ${instalment.policyNumber}`}
            detail={[
              `Vence ${formatDate(instalment.dueDate)}`,
              `prêmio ${formatMoney(wireToCents(instalment.premium))}`,
              // An assistant sees no commission (the API answers it null).
              team.money ? `comissão ${formatMoney(wireToCents(instalment.expectedCommission))}` : null,
              INSTALMENT_STATUS_LABELS[instalment.status],
            ]
              .filter(Boolean)
              .join(' · ')}
            late={instalment.dueDate < today}
          />
        ))}
      </Section>
      <Section title="Sinistros" to="/claims" linkLabel="Em Sinistros" empty="Nenhum sinistro.">
        {data.claims.map((claim) => (
          <Item
            key={claim.id}
            title={`${claim.claimNumber} · ${CLAIM_STATUS_LABELS[claim.status]}`}
            detail={[
              claim.description ? `${optionLabel(CLAIM_TYPES, claim.type)}: ${claim.description}` : optionLabel(CLAIM_TYPES, claim.type),
              claim.policyNumber ? `Apólice ${claim.policyNumber}` : null,
              claim.occurredAt ? `ocorrido em ${formatDate(claim.occurredAt)}` : null,
              formatMoney(wireToCents(claim.amount)),
            ]
              .filter(Boolean)
              .join(' · ')}
          >
            <Link to={`/claims?sinistro=${claim.id}`}>Abrir sinistro</Link>
            {blocked ? null : <Link to={`/documents?sinistro=${claim.id}`}>Documentos do sinistro</Link>}
          </Item>
        ))}
      </Section>
      <Section title="Documentos" to="/documents" linkLabel="Em Documentos" empty="Nenhum documento.">
        {data.documents.map((document) => (
          <Item
            key={document.id}
            title={document.originalName}
            detail={`${optionLabel(DOCUMENT_CATEGORIES, document.category)} · ${formatDate(document.uploadedAt)}`}
          />
        ))}
      </Section>
    </>
  );
}

/** The work on the client: deals in the pipeline, renewals, tasks and the timeline. */
export function WorkSections({ data }: { data: ContactOverview }) {
  const { contact } = data;
  const blocked = data.blockedUntil !== null;
  const today = saoPauloDay(new Date());
  return (
    <>
      <Section title="Negócios no pipeline" to="/pipeline" linkLabel="No Pipeline" empty="Nenhum negócio em aberto.">
        {data.cards.map((card) => (
          <Item
            key={card.id}
            title={card.stageName}
            detail={
              card.nextAction
                ? `Próxima ação: ${taskLabel({ kind: 'card', type: card.nextAction.type })} em ${formatDate(saoPauloDay(card.nextAction.dueAt))}`
                : `Na etapa desde ${formatDate(saoPauloDay(card.stageEnteredAt))}, sem próxima ação`
            }
            late={card.nextAction !== null && saoPauloDay(card.nextAction.dueAt) < today}
          >
            <Link to={`/pipeline?card=${card.id}`}>Abrir negócio</Link>
          </Item>
        ))}
      </Section>
      <Section title="Renovações" to="/policies?aba=renovacoes" linkLabel="Em Renovações" empty="Nenhuma renovação em aberto.">
        {data.renewals.map((renewal) => (
          <Item key={renewal.id} title={`Apólice ${renewal.policyNumber}`} detail={`Vence ${formatDate(renewal.dueDate)}`} />
        ))}
      </Section>
      <Section
        title="Tarefas"
        to="/tasks"
        linkLabel="Em Minhas tarefas"
        empty="Nenhuma tarefa nos próximos 30 dias."
        action={blocked ? undefined : <Link to={`/tasks?novo=1&cliente=${contact.id}`}>Nova tarefa</Link>}
      >
        {data.tasks.map((task) => (
          <Item
            key={task.id}
            title={task.kind === 'task' ? task.title : taskLabel(task)}
            detail={`${task.window === 'overdue' ? 'Atrasada desde' : 'Para'} ${taskDueText(
              task,
            )}${task.kind === 'task' ? '' : ` · ${task.detail}`}`}
            late={task.window === 'overdue'}
          >
            {task.cardId !== null ? <Link to={`/pipeline?card=${task.cardId}`}>Abrir negócio</Link> : null}
          </Item>
        ))}
      </Section>
      <Section
        title="Linha do tempo"
        empty="Nada registrado ainda."
        action={data.timeline.some((entry) => entry.kind === 'message') ? <ConversationLink contactId={contact.id} /> : undefined}
      >
        {data.timeline.map((entry) => (
          <Item key={entry.id} title={timelineText(entry)} detail={`${formatDate(entry.at)}${entry.by ? ` · ${entry.by}` : ''}`} />
        ))}
      </Section>
    </>
  );
}
