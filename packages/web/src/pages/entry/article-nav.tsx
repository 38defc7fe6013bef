import { Link } from 'react-router-dom';
import { articlePath, findArticle, type EntryArticle } from './articles';
import styles from './entry.module.css';

interface ArticleNavProps {
  current: EntryArticle;
}

/** Links to the previous and next article by id, under an article. */
export default function ArticleNav({ current }: ArticleNavProps) {
  const previous = findArticle(String(current.id - 1));
  const next = findArticle(String(current.id + 1));
  return (
    <nav className={styles.articleNav} aria-label="更多文章">
      {previous && <ArticleNavLink label="上一篇" article={previous} className={styles.articleNavLink} />}
      {next && (
        <ArticleNavLink
          label="下一篇"
          article={next}
          className={`${styles.articleNavLink} ${styles.articleNavNext}`}
        />
      )}
    </nav>
  );
}

interface ArticleNavLinkProps {
  label: string;
  article: EntryArticle;
  className: string;
}

function ArticleNavLink({ label, article, className }: ArticleNavLinkProps) {
  return (
    <Link to={articlePath(article.id)} className={className}>
      <img src={article.image} alt="" className={styles.articleNavImage} />
      <span className={styles.articleNavText}>
        <span className={styles.articleNavLabel}>{label}</span>
        <span className={styles.articleNavTitle}>{article.title}</span>
      </span>
    </Link>
  );
}
