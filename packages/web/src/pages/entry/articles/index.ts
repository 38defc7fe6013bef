import { trainingCorpusQualityArticle } from './01-training-corpus-quality';
import { chineseCorpusCleaningArticle } from './02-chinese-corpus-cleaning';
import { multimodalDatasetsArticle } from './03-multimodal-datasets';
import { publicDataSharingArticle } from './04-public-data-sharing';
import { syntheticDataMethodsArticle } from './05-synthetic-data-methods';
import { syntheticDataRisksArticle } from './06-synthetic-data-risks';
import { dataExhaustionArticle } from './07-data-exhaustion';
import { dataComplianceArticle } from './08-data-compliance';
import { curatedDataMarketArticle } from './09-curated-data-market';
import type { EntryArticle } from './types';

export type { EntryArticle } from './types';

/** The nine news articles on AI data and corpora topics, in id order. */
export const articles: readonly EntryArticle[] = [
  trainingCorpusQualityArticle,
  chineseCorpusCleaningArticle,
  multimodalDatasetsArticle,
  publicDataSharingArticle,
  syntheticDataMethodsArticle,
  syntheticDataRisksArticle,
  dataExhaustionArticle,
  dataComplianceArticle,
  curatedDataMarketArticle,
];

/** The article whose id is exactly the route segment `id` ("3" matches, "03" and "3a" do not). */
export function findArticle(id: string | undefined): EntryArticle | undefined {
  return articles.find((article) => String(article.id) === id);
}

/** The path of an article's page. */
export function articlePath(id: number): string {
  return `/entryNews/${id}`;
}
