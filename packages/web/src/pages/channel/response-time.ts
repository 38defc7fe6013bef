/** Arco tag colours of the response-time shading (spec 2 §4); gold is Arco's yellow. */
export type ResponseTimeColor = 'gray' | 'green' | 'lime' | 'gold' | 'red';

/** 0 untested; up to 1 s green; up to 3 s lime; up to 5 s yellow; above that red. */
export function responseTimeColor(milliseconds: number): ResponseTimeColor {
  if (!milliseconds) return 'gray';
  if (milliseconds <= 1000) return 'green';
  if (milliseconds <= 3000) return 'lime';
  if (milliseconds <= 5000) return 'gold';
  return 'red';
}

export function formatResponseTime(milliseconds: number): string {
  return milliseconds ? `${(milliseconds / 1000).toFixed(2)} 秒` : '未测试';
}
