import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Body1, Subtitle1 } from '@corretora/web-kit/fluent/core';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  // Looks like Fluent's Card without shipping it: the shell shows these panels only when an area
  // is locked or failed to load, and every remote page would otherwise carry the Card's code.
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
    maxWidth: '36rem',
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground1,
  },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0 },
  icon: { display: 'flex', fontSize: '24px', color: tokens.colorBrandForeground1 },
  danger: { color: tokens.colorPaletteRedForeground1 },
});

export interface NoticePanelProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** A button or link that resolves the situation. */
  action?: ReactNode;
  /** 'alert' when the panel replaces content that failed: it is announced at once. */
  role?: 'alert';
  intent?: 'info' | 'error';
}

/** A short panel in place of a page's content: what happened, and what to do about it. */
export function NoticePanel({ icon, title, children, action, role, intent = 'info' }: NoticePanelProps) {
  const styles = useStyles();
  return (
    <section className={styles.root} role={role} aria-label={title}>
      <Subtitle1 as="h1" className={styles.heading}>
        <span className={mergeClasses(styles.icon, intent === 'error' && styles.danger)} aria-hidden>
          {icon}
        </span>
        {title}
      </Subtitle1>
      <Body1>{children}</Body1>
      {action}
    </section>
  );
}
