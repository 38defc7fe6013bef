import { WORKFLOW_SAMPLE_FIELD_DEFAULT, type WorkflowDatasetFields } from '@gw/shared';
import { textOf } from './sample-prompt';

/** The field a run scores answers against: never suggested as the one to ask. */
const REFERENCE_FIELD = 'answer';

/**
 * The fields an input node may ask of a dataset, read from its first records: their top-level keys
 * in order of first appearance (what `datasetSample` reads; data_format names only the fields that
 * are not plain text, so it cannot list them). The suggestion is the default field when the records
 * have it, otherwise the one with the longest text on average, leaving out the reference answer.
 */
export function datasetFields(bodies: ReadonlyArray<Record<string, unknown>>): WorkflowDatasetFields {
  const fields = [...new Set(bodies.flatMap((body) => Object.keys(body)))];
  if (fields.includes(WORKFLOW_SAMPLE_FIELD_DEFAULT)) return { fields, field: WORKFLOW_SAMPLE_FIELD_DEFAULT };
  const asked = fields.filter((field) => field !== REFERENCE_FIELD);
  const candidates = asked.length > 0 ? asked : fields;
  const lengths = candidates.map((field) => bodies.reduce((sum, body) => sum + textOf(body[field]).length, 0));
  const longest = lengths.indexOf(Math.max(...lengths));
  return { fields, field: candidates[longest] ?? '' };
}
