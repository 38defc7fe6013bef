import type { ReactNode } from 'react';
import { Handle, Position, useStore } from '@xyflow/react';
import type { NodeDefaults } from './node-definition';

interface NodeCardProps {
  defaults: NodeDefaults;
  data: Record<string, unknown>;
  selected: boolean;
  /** One line saying what the node is set to. */
  summary: ReactNode;
}

/** The look every node shares on the canvas: its type, its summary, what is missing, and its handles. */
export function NodeCard({ defaults, data, selected, summary }: NodeCardProps) {
  const problem = defaults.check(data);
  // A handle starts a wire whatever the canvas says: it follows the canvas's setting (off when read-only) only when told.
  const connectable = useStore((state) => state.nodesConnectable);
  return (
    <div className={`wf-node wf-node-${defaults.type}${selected ? ' wf-node-selected' : ''}`} data-testid={`node-${defaults.type}`}>
      {defaults.hasTarget ? <Handle type="target" position={Position.Left} isConnectable={connectable} /> : null}
      <div className="wf-node-head">
        <span className="wf-node-badge">{defaults.label}</span>
        <span className="wf-node-title">{String(data.desc || '')}</span>
      </div>
      <div className="wf-node-summary">{summary}</div>
      {problem ? <div className="wf-node-problem">{problem}</div> : null}
      {defaults.hasSource ? <Handle type="source" position={Position.Right} isConnectable={connectable} /> : null}
    </div>
  );
}
