import { Tag } from '@arco-design/web-react';
import { isAuditSecretMarker } from '@gw/shared';
import './audit.css';

interface AuditDiffProps {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * One side of a field: a secret as 已修改 (its value is never stored), a missing side as a dash,
 * JSON for anything structured. Names and values are data as stored, in <code>, whatever their language.
 */
function DiffValue({ present, value }: { present: boolean; value: unknown }) {
  if (!present) return <span className="audit-diff-missing">—</span>;
  if (isAuditSecretMarker(value)) return <Tag color="orange">已修改</Tag>;
  if (value === '') return <span className="audit-diff-missing">（空）</span>;
  if (typeof value === 'string') return <code>{value}</code>;
  return <code>{JSON.stringify(value)}</code>;
}

/**
 * The fields an audited change touched, side by side: 字段, 修改前, 修改后. A creation has no
 * 修改前 side and a deletion no 修改后 side; those show a dash.
 */
export function AuditDiff({ before, after }: AuditDiffProps) {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return <span className="audit-diff-missing">无字段变更</span>;
  return (
    <table className="audit-diff">
      <thead>
        <tr>
          <th>字段</th>
          <th>修改前</th>
          <th>修改后</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field}>
            <td>
              <code>{field}</code>
            </td>
            <td>
              <DiffValue present={Object.hasOwn(before, field)} value={before[field]} />
            </td>
            <td>
              <DiffValue present={Object.hasOwn(after, field)} value={after[field]} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
