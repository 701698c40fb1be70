import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1, Text, Title2 } from '@corretora/web-kit/fluent/core';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  // A plain surface instead of Fluent's Card keeps the first screen light (size budget of /login).
  card: {
    width: '100%',
    maxWidth: '26rem',
    padding: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow8,
  },
  header: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS, textAlign: 'center' },
  brand: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  subtitle: { color: tokens.colorNeutralForeground3 },
});

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <main className={styles.root}>
      <section className={styles.card}>
        <div className={styles.header}>
          <Text className={styles.brand}>Corretora CRM</Text>
          <Title2 as="h1">{title}</Title2>
          {subtitle ? <Body1 className={styles.subtitle}>{subtitle}</Body1> : null}
        </div>
        {children}
      </section>
    </main>
  );
}

/** An inline alert for the auth forms (role=alert so screen readers announce it). */
export function FormAlert({ intent, children }: { intent: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles = useAlertStyles();
  return (
    <div role={intent === 'error' ? 'alert' : 'status'} className={`${styles.alert} ${styles[intent]}`}>
      {children}
    </div>
  );
}

const useAlertStyles = makeStyles({
  alert: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    borderLeftWidth: tokens.strokeWidthThicker,
    borderLeftStyle: 'solid',
  },
  error: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    borderLeftColor: tokens.colorPaletteRedBorder2,
    color: tokens.colorPaletteRedForeground1,
  },
  success: {
    backgroundColor: tokens.colorPaletteGreenBackground1,
    borderLeftColor: tokens.colorPaletteGreenBorder2,
    color: tokens.colorNeutralForeground1,
  },
  info: {
    backgroundColor: tokens.colorNeutralBackground3,
    borderLeftColor: tokens.colorBrandStroke1,
    color: tokens.colorNeutralForeground1,
  },
});

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  links: { display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  centered: { textAlign: 'center' },
});
