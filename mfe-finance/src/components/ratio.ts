/** A bar's fill, 0..1 in thousandths: a tiny share must not reach aria-valuenow as '4.9e-8'. */
export const ratio = (value: number, max: number) => (max <= 0 ? 0 : Math.round((value / max) * 1000) / 1000);
