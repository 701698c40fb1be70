import { makeStyles, tokens } from '@fluentui/react-components';

/** The frame of a page anyone opens without a session (a privacy page, a client's comparison): a centred column. */
export const usePublicPageStyles = makeStyles({
  page: {
    maxWidth: '48rem',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    overflowWrap: 'anywhere',
  },
  wide: { maxWidth: '72rem' },
});
