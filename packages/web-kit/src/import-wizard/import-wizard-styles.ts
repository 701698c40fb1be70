import { makeStyles, tokens } from '@fluentui/react-components';

export const useWizardStyles = makeStyles({
  surface: { maxWidth: '980px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: tokens.spacingHorizontalM },
  counts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  muted: { color: tokens.colorNeutralForeground3 },
  cell: { overflowWrap: 'anywhere' },
  error: { color: tokens.colorPaletteRedForeground1 },
  file: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  progress: { flexGrow: 1, minWidth: '160px' },
});

/** Rows of the preview per page. */
export const PAGE = 50;
