const pad = (n: number) => String(n).padStart(2, '0');

/** Formats unix seconds as YYYY-MM-DD HH:mm:ss in local time (spec 1 §9). */
export function formatTimestamp(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
