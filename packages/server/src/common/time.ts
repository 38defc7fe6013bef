/** Unix seconds, the unit every time field of the spec uses. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
