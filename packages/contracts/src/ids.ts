/** The largest id an `integer` identity column holds: a larger one cannot exist. */
export const MAX_ID = 2_147_483_647;
