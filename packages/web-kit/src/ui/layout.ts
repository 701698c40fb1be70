/**
 * The one breakpoint of the product: below it (phones, narrow windows) the side navigation becomes a
 * slide-over menu and multi-column pages stack into one column. Use it as a makeStyles key.
 */
export const COMPACT_LAYOUT = '@media (max-width: 47.99rem)';
