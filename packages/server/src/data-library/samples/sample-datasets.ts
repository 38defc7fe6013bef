import { CHOICE_SAMPLE } from './choice.sample';
import { CODE_SAMPLE } from './code.sample';
import { DIALOGUE_SAMPLE } from './dialogue.sample';
import { LONG_TEXT_SAMPLE } from './long-text.sample';
import { MULTIMODAL_SAMPLE } from './multimodal.sample';
import { QA_SAMPLE } from './qa.sample';
import type { SampleDataset } from './sample-dataset';

/**
 * The datasets a fresh install opens with (issue 14), one per field kind of spec 3 §3, in the order
 * the market shows them (the seeder inserts them last first, so the first gets the highest id).
 * The last gets id 1, the dataset a new input node reads (spec 3 §3): it must have the node's
 * default field, `question`, in every record.
 */
export const SAMPLE_DATASETS: readonly SampleDataset[] = [QA_SAMPLE, MULTIMODAL_SAMPLE, CODE_SAMPLE, DIALOGUE_SAMPLE, LONG_TEXT_SAMPLE, CHOICE_SAMPLE];
