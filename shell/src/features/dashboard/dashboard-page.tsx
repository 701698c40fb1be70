import { BROKER_PROFILE_RESOURCE, DASHBOARD_STATS_RESOURCE, formatCount, formatMoney } from '@corretora/contracts';
import { Body1, Button, Card, CardHeader, Subtitle1, Text, Title3, makeStyles, tokens, Skeleton, SkeletonItem } from '@fluentui/react-components';
import {
  AlertRegular, DocumentArrowUpRegular, DocumentTextRegular, MoneyRegular, PeopleRegular, PersonAddRegular,
  SparkleRegular, BuildingRegular,
} from '@fluentui/react-icons';
import { PATHS } from '../../config/paths';
import { Link, useNavigate, useResource } from '@corretora/web-kit';
import { LoadingScreen, PageHeader } from '@corretora/web-kit/ui';

const useStyles = makeStyles({
  stats: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))', gap: tokens.spacingHorizontalL, marginBottom: tokens.spacingVerticalXL },
  stat: { gap: tokens.spacingVerticalS },
  statLabel: { color: tokens.colorNeutralForeground3 },
  panels: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(18rem, 1fr))', gap: tokens.spacingHorizontalL },
  panel: { gap: tokens.spacingVerticalM },
  empty: { color: tokens.colorNeutralForeground3, padding: `${tokens.spacingVerticalXL} 0`, textAlign: 'center' },
  actions: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
  welcome: { gap: tokens.spacingVerticalM, marginBottom: tokens.spacingVerticalXL, backgroundColor: tokens.colorBrandBackground2 },
  welcomeActions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  renewals: { marginBottom: tokens.spacingVerticalL },
});

function StatCards() {
  const styles = useStyles();
  const stats = useResource(DASHBOARD_STATS_RESOURCE);
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
  const cards = [
    { label: 'Apólices Ativas', value: figure('finance', formatCount(stats.data.activePolicies)), icon: DocumentTextRegular },
    { label: 'Sinistros Abertos', value: figure('finance', formatCount(stats.data.openClaims)), icon: AlertRegular },
    { label: 'Receita Mensal', value: figure('finance', formatMoney(stats.data.monthlyRevenue)), icon: MoneyRegular },
    { label: 'Novos Leads', value: figure('pipeline', formatCount(stats.data.newLeads)), icon: PersonAddRegular },
  ];
  const renewing = stats.data.renewingIn30Days;
  return (
    <>
      <div className={styles.stats}>
        {cards.map(({ label, value, icon: Icon }) => (
          <Card key={label} className={styles.stat}>
            <CardHeader image={<Icon fontSize={24} />} header={<Text className={styles.statLabel}>{label}</Text>} />
            <Title3 as="p">{value}</Title3>
          </Card>
        ))}
      </div>
      {missing.size > 0 && <Body1 role="status" className={styles.empty}>Alguns indicadores não puderam ser carregados agora (—). Os demais estão atualizados.</Body1>}
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
  const stats = useResource(DASHBOARD_STATS_RESOURCE);
  if (!stats.data || stats.data.totalLeads > 0) return null;
  return (
    <Card className={styles.welcome}>
      <CardHeader image={<SparkleRegular fontSize={28} />} header={<Subtitle1 as="h2">Parabéns! Sua corretora está configurada.</Subtitle1>} />
      <Body1>Agora é hora de trazer seus clientes e oportunidades para o CRM.</Body1>
      <div className={styles.welcomeActions}>
        <Button appearance="primary" onClick={() => navigate(PATHS.pipeline)}>Adicionar Primeiro Lead</Button>
        <Button onClick={() => navigate(PATHS.contacts)}>Gerenciar Contatos</Button>
      </div>
    </Card>
  );
}

function Panels() {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <div className={styles.panels}>
      <Card className={styles.panel}>
        <Subtitle1 as="h2">Atividade Recente</Subtitle1>
        <Body1 className={styles.empty}>Nenhuma atividade recente para exibir</Body1>
      </Card>
      <Card className={styles.panel}>
        <Subtitle1 as="h2">Ações Rápidas</Subtitle1>
        <div className={styles.actions}>
          {/* ?novo=1: the screen opens with its add dialog (decisions.md, quick actions). */}
          <Button icon={<PeopleRegular />} onClick={() => navigate(`${PATHS.contacts}?novo=1`)}>Adicionar Novo Cliente</Button>
          <Button icon={<DocumentTextRegular />} onClick={() => navigate(`${PATHS.pipeline}?novo=1`)}>Criar Apólice</Button>
          <Button icon={<AlertRegular />} onClick={() => navigate(`${PATHS.claims}?novo=1`)}>Processar Sinistro</Button>
          <Button icon={<DocumentArrowUpRegular />} onClick={() => navigate(PATHS.documents)}>Enviar Documento</Button>
        </div>
      </Card>
    </div>
  );
}

export default function DashboardPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const profile = useResource(BROKER_PROFILE_RESOURCE);
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
          <CardHeader image={<BuildingRegular fontSize={28} />} header={<Subtitle1 as="h2">Bem-vindo! Vamos configurar sua corretora.</Subtitle1>} />
          <Body1>Complete o cadastro da sua corretora para liberar o pipeline, os contatos, as apólices e todo o restante.</Body1>
          <div className={styles.welcomeActions}>
            <Button appearance="primary" onClick={() => navigate(PATHS.broker)}>Completar Cadastro da Corretora</Button>
          </div>
        </Card>
      )}
      <Panels />
    </>
  );
}
