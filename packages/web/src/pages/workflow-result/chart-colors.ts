/**
 * The charts' palette of 10 colours (spec 2 §9 gives the monitor charts "a palette of 10 colours"
 * without naming them): Arco Design's data colours, so that charts match the rest of the console.
 * A series or bar takes the colour of its index, wrapping after 10.
 */
export const CHART_COLORS = ['#165DFF', '#14C9C9', '#F7BA1E', '#722ED1', '#3491FA', '#FF7D00', '#0FC6C2', '#F53F3F', '#9FDB1D', '#D91AD9'] as const;

export const chartColor = (index: number): string => CHART_COLORS[index % CHART_COLORS.length];
