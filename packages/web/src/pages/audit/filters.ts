import type { AuditFilters } from '@/api/audit';

/** What the search form holds: text as typed, the picked days as 'YYYY-MM-DD' strings in local time. */
export interface AuditSearchValues {
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  range?: [string, string];
}

export const EMPTY_AUDIT_SEARCH: AuditSearchValues = { actorId: '', action: '', targetType: '', targetId: '', range: undefined };

const localSeconds = (dateTime: string) => Math.floor(new Date(dateTime).getTime() / 1000);

/** The form's values as the API's filters: empty ones left out, the days from the first one's start to the last one's last second. */
export function toAuditFilters(values: AuditSearchValues): AuditFilters {
  const actor = values.actorId.trim();
  return {
    actor_id: actor === '' ? undefined : Number(actor),
    action: values.action || undefined,
    target_type: values.targetType || undefined,
    target_id: values.targetId.trim() || undefined,
    start_timestamp: values.range ? localSeconds(`${values.range[0]}T00:00:00`) : undefined,
    end_timestamp: values.range ? localSeconds(`${values.range[1]}T23:59:59`) : undefined,
  };
}
