import { makeStyles, tokens } from '@fluentui/react-components';
import { Subtitle2, Title2 } from '@corretora/web-kit/fluent/core';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalXL,
    flexWrap: 'wrap',
  },
  texts: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  subtitle: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular },
  // Wraps on a phone: four actions never push the page wider than the screen.
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', minWidth: 0 },
});

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  const styles = useStyles();
  return (
    <header className={styles.root}>
      <div className={styles.texts}>
        <Title2 as="h1">{title}</Title2>
        {subtitle ? <Subtitle2 className={styles.subtitle}>{subtitle}</Subtitle2> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
