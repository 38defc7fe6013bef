import type { ReadmeDoc, ReadmeField } from '@gw/shared';

const isField = (value: unknown): value is ReadmeField => {
  if (typeof value !== 'object' || value === null) return false;
  const field = value as Record<string, unknown>;
  return typeof field.name === 'string' && (field.subfields === undefined || (Array.isArray(field.subfields) && field.subfields.every(isField)));
};

/** The readme as a ReadmeDoc (a title and fields) when it is one; null when it is plain text (spec 3 §3). */
export function readReadmeDoc(readme: string): ReadmeDoc | null {
  try {
    const parsed: unknown = JSON.parse(readme);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const doc = parsed as Record<string, unknown>;
    if (!Array.isArray(doc.fields) || !doc.fields.every(isField)) return null;
    return { title: typeof doc.title === 'string' ? doc.title : '', fields: doc.fields };
  } catch {
    return null;
  }
}
