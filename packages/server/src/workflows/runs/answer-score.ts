import type { WorkflowScoreKind } from '@gw/shared';

/**
 * Scores a model's answer against a sample's reference answer (issue 16): the choice letter for a
 * multiple-choice item; otherwise the same text (exact) or the reference found in the answer
 * (contains), after normalising case, width, whitespace and surrounding punctuation. No reference,
 * no score.
 */
export interface Score {
  score: 0 | 1;
  kind: WorkflowScoreKind;
}

/** Letter patterns, most explicit first: "答案是 B", "answer: B", a leading "B." or "(B)", then a lone letter. */
const CHOICE_PATTERNS = [
  /(?:答案|正确答案|选项|应选|选)\s*(?:是|为|：|:)?\s*[（(【[]?\s*([A-J])(?![A-Za-z])/i,
  /answer\s*(?:is|:)?\s*[(]?\s*([A-J])(?![A-Za-z])/i,
  /^\s*[（(【[]?\s*([A-J])\s*(?:[)）】\].、．:：]|$|\s)/i,
  /(?<![A-Za-z])([A-J])(?![A-Za-z])/,
];

/** The choice letter an answer gives, upper case, or ''. */
export function choiceOf(answer: string): string {
  const text = answer.normalize('NFKC');
  for (const pattern of CHOICE_PATTERNS) {
    const found = pattern.exec(text);
    if (found) return found[1].toUpperCase();
  }
  return '';
}

const EDGE_PUNCTUATION = /^[\s\p{P}]+|[\s\p{P}]+$/gu;

export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').replace(EDGE_PUNCTUATION, '');
}

export function scoreAnswer(answer: string, reference: string, choice: boolean): Score | null {
  if (reference.trim() === '') return null;
  if (choice) return { score: choiceOf(answer) === reference.trim().toUpperCase().charAt(0) ? 1 : 0, kind: 'choice' };
  const said = normalise(answer);
  const expected = normalise(reference);
  if (said === expected) return { score: 1, kind: 'exact' };
  return { score: expected !== '' && said.includes(expected) ? 1 : 0, kind: 'contains' };
}
