/** A margin or target: "32.5 %", a dash when there is none (no revenue). */
export const formatPercent = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${value.toFixed(1)} %`);

/** Crew hours: "12.5 h". */
export const formatHours = (hours: number) => `${hours.toLocaleString('en-US', { maximumFractionDigits: 2 })} h`;
