/**
 * The analytics palette: 10 colours (spec §9), each at least 3:1 against white so the slices and bars
 * stay distinguishable from the page; every chart also has a data table, so colour is never the only cue.
 */
const CHART_PALETTE = ['#1d4ed8', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0e7490', '#a16207', '#be185d', '#4d7c0f', '#475569'] as const;

export const paletteColor = (index: number) => CHART_PALETTE[index % CHART_PALETTE.length]!;

/** "07:00" for hour 7 (Colombo time). */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
