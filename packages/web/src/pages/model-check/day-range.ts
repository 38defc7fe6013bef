const pad = (n: number) => String(n).padStart(2, '0');

/** Today as the date picker writes it: YYYY-MM-DD, local time. */
export function todayString(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The chosen day from local 00:00 to the next day's 00:00, in unix seconds. */
export function dayRange(day: string): { start: number; end: number } {
  const [year, month, date] = day.split('-').map(Number);
  // Built from the calendar fields, so a day with a daylight-saving change is still one day.
  const start = new Date(year, month - 1, date);
  const end = new Date(year, month - 1, date + 1);
  return { start: Math.floor(start.getTime() / 1000), end: Math.floor(end.getTime() / 1000) };
}
