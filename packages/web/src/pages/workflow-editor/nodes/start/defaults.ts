import { START_NODE_DEFAULT } from '@gw/shared';
import type { NodeDefaults } from '../node-definition';

/** The start node: where a run begins; one per graph (the server refuses a second). */
export const startDefaults: NodeDefaults = {
  type: 'start',
  label: '开始',
  createData: () => structuredClone(START_NODE_DEFAULT.data),
  check: () => undefined,
  hasSource: true,
  hasTarget: false,
};
