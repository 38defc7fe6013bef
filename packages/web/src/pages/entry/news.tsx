import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, Result } from '@arco-design/web-react';
import { IconCalendar, IconLeft } from '@arco-design/web-react/icon';
import { findArticle, type EntryArticle } from './articles';
import ArticleNav from './article-nav';
import EntryHeader from './entry-header';
import styles from './entry.module.css';

/** Characters of Chinese text read per minute, for the reading-time hint. */
const CHARS_PER_MINUTE = 400;

function readingMinutes(article: EntryArticle): number {
  const length = article.body.reduce((sum, paragraph) => sum + paragraph.length, 0);
  return Math.max(1, Math.ceil(length / CHARS_PER_MINUTE));
}

/** /entryNews/:id: one static news article. */
export default function EntryNewsPage() {
  const { id } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const location = useLocation();
  const article = findArticle(id);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  // A page opened directly (no earlier entry in this app's history) has the key 'default';
  // going back from there would leave the site, so go to the landing page instead.
  const handleBack = () => {
    if (location.key === 'default') navigate('/entry');
    else navigate(-1);
  };

  return (
    <div className={styles.page}>
      <EntryHeader />
      <main className={styles.articleMain}>
        {article ? (
          <>
            <Button type="text" icon={<IconLeft />} onClick={handleBack} className={styles.backButton}>
              返回
            </Button>
            <article>
              <header className={styles.articleHeader}>
                <p className={styles.eyebrow}>数据资讯</p>
                <h1 className={styles.articleTitle}>{article.title}</h1>
                <p className={styles.dateLine}>
                  <IconCalendar aria-hidden="true" />
                  <span>
                    发布于 <time dateTime={article.date}>{article.date}</time>
                  </span>
                  <span aria-hidden="true">·</span>
                  <span>约 {readingMinutes(article)} 分钟读完</span>
                </p>
              </header>
              <figure className={styles.articleFigure}>
                <img src={article.image} alt={article.imageAlt} />
              </figure>
              <p className={styles.articleLead}>{article.summary}</p>
              {article.body.map((paragraph) => (
                <p key={paragraph} className={styles.articleParagraph}>
                  {paragraph}
                </p>
              ))}
            </article>
            <ArticleNav current={article} />
          </>
        ) : (
          <Result
            status="404"
            title="文章不存在"
            subTitle="链接可能有误，或这篇文章已经下线。"
            extra={
              <Link to="/entry" className={styles.primaryButton}>
                返回首页
              </Link>
            }
          />
        )}
      </main>
    </div>
  );
}
