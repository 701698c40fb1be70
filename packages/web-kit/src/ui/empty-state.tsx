import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1 } from '@corretora/web-kit/fluent/core';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: { display: 'block', margin: 0, padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/**
 * The line shown where a list has nothing to show, or could not load (`role="alert"`): a block of
 * its own, centred and muted, whatever its container's layout.
 */
export function EmptyState({ children, role }: { children: ReactNode; role?: 'alert' }) {
  const styles = useStyles();
  return (
    <Body1 as="p" role={role} className={styles.root}>
      {children}
    </Body1>
  );
}
