import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Body1, Subtitle1, Text, Title1 } from '@corretora/web-kit/fluent/core';
import { Card } from '@corretora/web-kit/fluent/card';
import { AlertRegular, DocumentTextRegular, PeopleRegular, ShieldCheckmarkRegular, DataFunnelRegular } from '@fluentui/react-icons';
import { PATHS } from '../../config/paths';
import { Link } from '@corretora/web-kit';

const useStyles = makeStyles({
  root: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  hero: {
    maxWidth: '64rem',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXL}`,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalL,
  },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: tokens.colorBrandForeground1 },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    justifyContent: 'center',
    marginBottom: tokens.spacingVerticalXXL,
  },
  cta: {
    display: 'inline-flex',
    alignItems: 'center',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    borderRadius: tokens.borderRadiusMedium,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke1}`,
  },
  primary: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
  },
  secondary: {
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  features: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(13rem, 1fr))', gap: tokens.spacingHorizontalL, width: '100%' },
  feature: { textAlign: 'left', gap: tokens.spacingVerticalS },
  featureIcon: { fontSize: tokens.fontSizeHero700, color: tokens.colorBrandForeground1 },
  claims: {
    display: 'flex',
    gap: tokens.spacingHorizontalXL,
    flexWrap: 'wrap',
    justifyContent: 'center',
    color: tokens.colorNeutralForeground3,
  },
});

const FEATURES = [
  { icon: DocumentTextRegular, title: 'Gestão de Apólices', text: 'Todas as apólices, renovações e comissões em um só lugar.' },
  { icon: PeopleRegular, title: 'Clientes', text: 'Contatos organizados, com histórico e documentos.' },
  { icon: AlertRegular, title: 'Sinistros', text: 'Acompanhe cada sinistro do registro ao encerramento.' },
  { icon: DataFunnelRegular, title: 'Pipeline de Vendas', text: 'Leads em um quadro visual, da prospecção à emissão.' },
];

export default function LandingPage() {
  const styles = useStyles();
  return (
    <main className={styles.root}>
      <section className={styles.hero}>
        <div className={styles.brand}>
          <ShieldCheckmarkRegular fontSize={32} />
          <Subtitle1>Corretora CRM</Subtitle1>
        </div>
        <Title1 as="h1">A plataforma de gestão para corretores de seguros</Title1>
        <Body1>Clientes, apólices, sinistros e leads de vendas em um único painel.</Body1>
        <div className={styles.actions}>
          <Link className={mergeClasses(styles.cta, styles.primary)} to={PATHS.register}>
            Criar Conta Grátis
          </Link>
          <Link className={mergeClasses(styles.cta, styles.secondary)} to={PATHS.login}>
            Já tenho conta
          </Link>
        </div>
        <div className={styles.features}>
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Card key={title} className={styles.feature}>
              <Icon className={styles.featureIcon} />
              <Subtitle1 as="h2">{title}</Subtitle1>
              <Body1>{text}</Body1>
            </Card>
          ))}
        </div>
        <div className={styles.claims}>
          <Text>100% na nuvem</Text>
          <Text>Acesso seguro 24/7</Text>
          <Text>Conforme a LGPD</Text>
        </div>
      </section>
    </main>
  );
}
