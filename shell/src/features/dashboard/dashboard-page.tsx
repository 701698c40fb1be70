import {
  BROKER_OPERATIONS,
  CLAIM_STATUSES,
  CLAIM_STATUS_LABELS,
  DOCUMENT_CATEGORIES,
  formatCount,
  formatDateTime,
  formatMoney,
  formatRelativeTime,
  optionLabel,
  type ActivityEvent,
  type ActivityType,
  monthName,
} from '@corretora/contracts';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1, Button, Caption1, Subtitle1, Text, Title3 } from '@corretora/web-kit/fluent/core';
import { Card, CardHeader } from '@corretora/web-kit/fluent/card';
import { Skeleton, SkeletonItem } from '@corretora/web-kit/fluent/skeleton';
import {
  AlertRegular,
  ArchiveRegular,
  ArrowRightRegular,
  ArrowUndoRegular,
  ArrowUploadRegular,
  DocumentArrowUpRegular,
  DocumentTextRegular,
  MoneyRegular,
  PeopleRegular,
  PersonAddRegular,
  ReceiptMoneyRegular,
  WalletRegular,
  ShieldCheckmarkRegular,
  SparkleRegular,
  BuildingRegular,
  type FluentIcon,
} from '@fluentui/react-icons';
import { useEffect, useId, useState } from 'react';
import { PATHS } from '../../config/paths';
import { Link, useNavigate, useOperation } from '@corretora/web-kit';
import { LoadingScreen, PageHeader } from '@corretora/web-kit/ui';

/** The month the figure is for, named (the broker's month: São Paulo). */
const THIS_MONTH = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'America/Sao_Paulo' });

const useStyles = makeStyles({
  stats: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalXL,
  },
  stat: { gap: tokens.spacingVerticalS },
  statLabel: { color: tokens.colorNeutralForeground3 },
  panels: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(18rem, 1fr))', gap: tokens.spacingHorizontalL },
  panel: { gap: tokens.spacingVerticalM },
  empty: { color: tokens.colorNeutralForeground3, padding: `${tokens.spacingVerticalXL} 0`, textAlign: 'center' },
  actions: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
  welcome: { gap: tokens.spacingVerticalM, marginBottom: tokens.spacingVerticalXL, backgroundColor: tokens.colorBrandBackground2 },
  welcomeActions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  renewals: { marginBottom: tokens.spacingVerticalL },
  activity: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  event: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  eventIcon: { color: tokens.colorBrandForeground1, flexShrink: 0, marginTop: '2px' },
  eventText: { display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
  eventTime: { color: tokens.colorNeutralForeground3 },
});

function StatCards() {
  const styles = useStyles();
  const stats = useOperation(BROKER_OPERATIONS.dashboard);
  if (stats.isLoading) {
    return (
      <div className={styles.stats} aria-busy="true" aria-label="Carregando indicadores">
        {[0, 1, 2, 3].map((index) => (
          <Card key={index} className={styles.stat}>
            <Skeleton>
              <SkeletonItem size={16} />
              <SkeletonItem size={32} />
            </Skeleton>
          </Card>
        ))}
      </div>
    );
  }
  if (stats.isError || !stats.data) {
    return <Body1 className={styles.empty}>Não foi possível carregar os indicadores.</Body1>;
  }
  const missing = new Set(stats.data.unavailable);
  const figure = (source: 'pipeline' | 'finance', text: string) => (missing.has(source) ? '—' : text);
  const { monthlyRevenue, receivableThisMonth, openDifferences, repasseDue, repasseClosedUntil } = stats.data;
  // A role that sees no money (an assistant) gets no money figures: those cards are left out.
  const cards = [
    { label: 'Apólices Ativas', value: figure('finance', formatCount(stats.data.activePolicies)), icon: DocumentTextRegular },
    { label: 'Sinistros Abertos', value: figure('finance', formatCount(stats.data.openClaims)), icon: AlertRegular },
    ...(monthlyRevenue === null
      ? []
      : [
          {
            label: 'Receita Mensal',
            value: figure('finance', formatMoney(monthlyRevenue)),
            icon: MoneyRegular,
            caption: 'Comissão anual das apólices em vigor ÷ 12',
          },
        ]),
    { label: 'Novos Leads', value: figure('pipeline', formatCount(stats.data.newLeads)), icon: PersonAddRegular },
    ...(receivableThisMonth === null
      ? []
      : [
          {
            label: `Comissão a receber em ${THIS_MONTH.format(new Date())}`,
            value: figure('finance', formatMoney(receivableThisMonth)),
            icon: WalletRegular,
          },
        ]),
    ...(openDifferences === null
      ? []
      : [
          {
            label: 'Diferenças em aberto (todos os meses)',
            value: figure(
              'finance',
              openDifferences.count === 0 ? 'Nenhuma' : `${formatMoney(openDifferences.amount)} (${formatCount(openDifferences.count)})`,
            ),
            icon: ReceiptMoneyRegular,
            to: `${PATHS.commissions}?aba=recebiveis`,
            link: 'Ver recebíveis',
          },
        ]),
    // A producer's own: their repasse in the months not closed yet.
    ...(repasseDue === null
      ? []
      : [
          {
            label: 'A receber de repasse',
            value: figure('finance', formatMoney(repasseDue)),
            // A zero after a closing is said, not left to look like nothing earned.
            caption: repasseClosedUntil ? `Meses até ${monthName(repasseClosedUntil)} fechados e pagos` : undefined,
            icon: WalletRegular,
            to: `${PATHS.commissions}?aba=repasse`,
            link: 'Ver repasse',
          },
        ]),
  ];
  const renewing = stats.data.renewingIn30Days;
  return (
    <>
      <div className={styles.stats}>
        {cards.map(({ label, value, icon: Icon, to, link, caption }) => (
          <Card key={label} className={styles.stat}>
            <CardHeader image={<Icon fontSize={24} />} header={<Text className={styles.statLabel}>{label}</Text>} />
            <Title3 as="p">{value}</Title3>
            {caption && <Caption1 className={styles.statLabel}>{caption}</Caption1>}
            {to && <Link to={to}>{link}</Link>}
          </Card>
        ))}
      </div>
      {missing.size > 0 && (
        <Body1 role="status" className={styles.empty}>
          Alguns indicadores não puderam ser carregados agora (—). Os demais estão atualizados.
        </Body1>
      )}
      {!missing.has('finance') && renewing > 0 && (
        <Body1 className={styles.renewals}>
          {renewing === 1 ? '1 apólice renova' : `${formatCount(renewing)} apólices renovam`} nos próximos 30 dias.{' '}
          <Link to={`${PATHS.policies}?renovacao=30`}>Ver renovações</Link>
        </Body1>
      )}
    </>
  );
}

function FirstStepsCard() {
  const styles = useStyles();
  const navigate = useNavigate();
  const stats = useOperation(BROKER_OPERATIONS.dashboard);
  if (!stats.data || stats.data.totalLeads > 0) return null;
  return (
    <Card className={styles.welcome}>
      <CardHeader
        image={<SparkleRegular fontSize={28} />}
        header={<Subtitle1 as="h2">Parabéns! Sua corretora está configurada.</Subtitle1>}
      />
      <Body1>Agora é hora de trazer seus clientes e oportunidades para o CRM.</Body1>
      <div className={styles.welcomeActions}>
        <Button appearance="primary" onClick={() => navigate(PATHS.pipeline)}>
          Adicionar Primeiro Lead
        </Button>
        <Button onClick={() => navigate(PATHS.contacts)}>Gerenciar Contatos</Button>
      </div>
    </Card>
  );
}

const ACTIVITY: Record<ActivityType, { icon: FluentIcon; text: (event: ActivityEvent) => string }> = {
  lead_created: { icon: PersonAddRegular, text: (event) => `Novo lead: ${event.subject}${event.detail ? ` em ${event.detail}` : ''}` },
  stage_changed: { icon: ArrowRightRegular, text: (event) => `Card de ${event.subject} movido para ${event.detail ?? 'outra etapa'}` },
  card_archived: { icon: ArchiveRegular, text: (event) => `Card de ${event.subject} arquivado${event.detail ? ` (${event.detail})` : ''}` },
  card_restored: { icon: ArrowUndoRegular, text: (event) => `Card de ${event.subject} restaurado` },
  policy_issued: {
    icon: ShieldCheckmarkRegular,
    text: (event) => `Apólice ${event.subject} emitida${event.detail ? ` para ${event.detail}` : ''}`,
  },
  claim_status_changed: {
    icon: AlertRegular,
    text: (event) => {
      const status = CLAIM_STATUSES.find((candidate) => candidate === event.detail);
      return `Sinistro ${event.subject}: ${status ? CLAIM_STATUS_LABELS[status] : (event.detail ?? '')}`;
    },
  },
  document_uploaded: {
    icon: DocumentArrowUpRegular,
    text: (event) => `Documento enviado: ${event.subject} (${optionLabel(DOCUMENT_CATEGORIES, event.detail)})`,
  },
  import_done: {
    icon: ArrowUploadRegular,
    text: (event) => `Importação de ${event.subject} concluída${event.detail ? `: ${event.detail}` : ''}`,
  },
  import_undone: {
    icon: ArrowUndoRegular,
    text: (event) => `Importação de ${event.subject} desfeita${event.detail ? `: ${event.detail}` : ''}`,
  },
  contacts_merged: {
    icon: PeopleRegular,
    text: (event) => `Contatos mesclados em ${event.subject}${event.detail ? ` (${event.detail})` : ''}`,
  },
  statement_imported: {
    icon: ReceiptMoneyRegular,
    text: (event) => `Extrato ${event.subject} importado${event.detail ? `: ${event.detail}` : ''}`,
  },
  statement_undone: { icon: ArrowUndoRegular, text: (event) => `Extrato ${event.subject} desfeito` },
  policy_chargeback: {
    icon: WalletRegular,
    text: (event) => `Apólice ${event.subject} cancelada${event.detail ? `: ${event.detail}` : ''}`,
  },
  policy_number_set: {
    icon: DocumentTextRegular,
    text: (event) => `Nº da apólice informado: ${event.subject}${event.detail ? ` (${event.detail})` : ''}`,
  },
};

/** The current time, ticking once a minute, so 'há 2 minutos' does not stay 'agora mesmo'. */
function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function RecentActivity({ complete }: { complete: boolean }) {
  const styles = useStyles();
  const stats = useOperation(BROKER_OPERATIONS.dashboard, undefined, { enabled: complete });
  const now = useNow();
  const events = stats.data?.recentActivity ?? [];
  if (events.length === 0) {
    return <Body1 className={styles.empty}>{stats.isLoading ? 'Carregando…' : 'Nenhuma atividade recente para exibir'}</Body1>;
  }
  return (
    <ul className={styles.activity}>
      {events.map((event) => {
        const { icon: Icon, text } = ACTIVITY[event.type];
        return (
          <li key={event.id} className={styles.event}>
            <Icon fontSize={20} className={styles.eventIcon} aria-hidden />
            <span className={styles.eventText}>
              {/* An event about a client opens their ficha. */}
              <Body1>{event.contactId === null ? text(event) : <Link to={`/contacts/${event.contactId}`}>{text(event)}</Link>}</Body1>
              <time className={styles.eventTime} dateTime={event.at} title={formatDateTime(event.at)}>
                {formatRelativeTime(event.at, now)}
              </time>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Panels({ complete }: { complete: boolean }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const activityTitle = useId();
  return (
    <div className={styles.panels}>
      <Card className={styles.panel} role="region" aria-labelledby={activityTitle}>
        <Subtitle1 as="h2" id={activityTitle}>
          Atividade Recente
        </Subtitle1>
        <RecentActivity complete={complete} />
      </Card>
      <Card className={styles.panel}>
        <Subtitle1 as="h2">Ações Rápidas</Subtitle1>
        <div className={styles.actions}>
          {/* ?novo=1: the screen opens with its add dialog (Adicionar Novo Cliente, Criar Apólice and Processar Sinistro open their screen's add dialog). */}
          <Button icon={<PeopleRegular />} onClick={() => navigate(`${PATHS.contacts}?novo=1`)}>
            Adicionar Novo Cliente
          </Button>
          {/* The spec's label (decisions.md): a policy comes from a sale, so it opens the new-sale dialog. */}
          <Button icon={<DocumentTextRegular />} onClick={() => navigate(`${PATHS.pipeline}?novo=1`)}>
            Criar Apólice
          </Button>
          <Button icon={<AlertRegular />} onClick={() => navigate(`${PATHS.claims}?novo=1`)}>
            Processar Sinistro
          </Button>
          <Button icon={<DocumentArrowUpRegular />} onClick={() => navigate(PATHS.documents)}>
            Enviar Documento
          </Button>
        </div>
      </Card>
    </div>
  );
}

export default function DashboardPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const profile = useOperation(BROKER_OPERATIONS.profile);
  if (profile.isLoading) return <LoadingScreen />;
  const complete = profile.data?.isOnboardingComplete === true;
  return (
    <>
      <PageHeader title="Painel" subtitle={profile.data ? profile.data.tradingName : 'Bem-vindo ao Corretora CRM'} />
      {complete ? (
        <>
          <FirstStepsCard />
          <StatCards />
        </>
      ) : (
        <Card className={styles.welcome}>
          <CardHeader
            image={<BuildingRegular fontSize={28} />}
            header={<Subtitle1 as="h2">Bem-vindo! Vamos configurar sua corretora.</Subtitle1>}
          />
          <Body1>Complete o cadastro da sua corretora para liberar o pipeline, os contatos, as apólices e todo o restante.</Body1>
          <div className={styles.welcomeActions}>
            <Button appearance="primary" onClick={() => navigate(PATHS.broker)}>
              Completar Cadastro da Corretora
            </Button>
          </div>
        </Card>
      )}
      <Panels complete={complete} />
    </>
  );
}
