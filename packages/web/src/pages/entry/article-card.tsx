import { Link } from 'react-router-dom';
import { articlePath, type EntryArticle } from './articles';
import styles from './entry.module.css';

interface ArticleCardProps {
  article: EntryArticle;
}

/** A news article teaser on the landing page; the whole card links to the article. */
export default function ArticleCard({ article }: ArticleCardProps) {
  return (
    <Link to={articlePath(article.id)} className={styles.card}>
      <img className={styles.cardImage} src={article.image} alt="" loading="lazy" />
      <div className={styles.cardBody}>
        <time className={styles.cardDate} dateTime={article.date}>
          {article.date}
        </time>
        <h3 className={styles.cardTitle}>{article.title}</h3>
        <p className={styles.cardSummary}>{article.summary}</p>
        <span className={styles.cardMore}>阅读全文</span>
      </div>
    </Link>
  );
}
