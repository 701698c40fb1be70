import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1, Title2 } from '@corretora/web-kit/fluent/core';
import { Card } from '@corretora/web-kit/fluent/card';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { Link } from '@corretora/web-kit';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: { maxWidth: '28rem', width: '100%', padding: tokens.spacingHorizontalXXL },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  icon: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeHero700 },
});

/** The one screen whose text stays in English, on purpose: the product's original 404 text, kept as it was. */
export default function NotFoundPage() {
  const styles = useStyles();
  return (
    <main className={styles.root}>
      <Card className={styles.card}>
        <div className={styles.title}>
          <ErrorCircleRegular className={styles.icon} />
          <Title2 as="h1">404 Page Not Found</Title2>
        </div>
        <Body1>Did you forget to add the page to the router?</Body1>
        {/* The spec's text stays (decisions); the way back is ours, in pt-BR. */}
        <Link to="/">Voltar ao Painel</Link>
      </Card>
    </main>
  );
}
