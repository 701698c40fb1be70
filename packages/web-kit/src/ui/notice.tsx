import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useNoticeStyles = makeStyles({
  notice: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  error: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    border: `1px solid ${tokens.colorPaletteRedBorder1}`,
    color: tokens.colorPaletteRedForeground1,
  },
  success: {
    backgroundColor: tokens.colorPaletteGreenBackground1,
    border: `1px solid ${tokens.colorPaletteGreenBorder1}`,
    color: tokens.colorPaletteGreenForeground1,
  },
});

/** A line that says how it went: an alert for a failure, a status otherwise (plain: no icon set to load). */
export function Notice({ intent, children }: { intent: 'error' | 'success'; children: ReactNode }) {
  const styles = useNoticeStyles();
  return (
    <div
      role={intent === 'error' ? 'alert' : 'status'}
      className={`${styles.notice} ${intent === 'error' ? styles.error : styles.success}`}
    >
      {children}
    </div>
  );
}
