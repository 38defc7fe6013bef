/** A static news article of the public entry site. */
export interface EntryArticle {
  /** 1 to 9; the `:id` segment of /entryNews/:id. */
  id: number;
  title: string;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  summary: string;
  /** Cover illustration URL (a bundled SVG). */
  image: string;
  /** Alternative text of the cover illustration. */
  imageAlt: string;
  /** Body text, one string per paragraph. */
  body: string[];
}
