import { Link } from 'react-router-dom';
import { registrationMode, type RegistrationMode } from '@/lib/registration-mode';
import { useStatusStore } from '@/stores/status';
import { articles } from './articles';
import ArticleCard from './article-card';
import { capabilities } from './capabilities';
import heroImage from './images/hero.svg';
import styles from './entry.module.css';

/** Newest first; ISO dates compare correctly as strings. */
const newsByDate = [...articles].sort((a, b) => b.date.localeCompare(a.date));

/** How an account is opened, worded after the registration settings (never a promise they break). */
const ACCOUNT_COPY: Record<RegistrationMode, { note: string; title: string; text: string }> = {
  invite: {
    note: '平台采用邀请制，凭邀请码注册后即可登录。',
    title: '邀请制开通',
    text: '平台账号凭邀请码开通：向已有用户索取邀请链接或邀请码后注册。已有账号请直接登录；需要开通的团队可以在登录页找到联系方式，与我们沟通使用场景与规模。',
  },
  open: {
    note: '新用户可直接注册，注册后即可登录。',
    title: '开通账号',
    text: '注册即可开通平台账号。已有账号请直接登录；需要团队方案的用户可以在登录页找到联系方式，与我们沟通使用场景与规模。',
  },
  closed: {
    note: '平台暂不开放注册，已有账号请直接登录。',
    title: '开通账号',
    text: '平台暂不开放注册。已有账号请直接登录；需要开通的团队可以在登录页找到联系方式，与我们沟通使用场景与规模。',
  },
};

/**
 * The landing page's content under its top bar: /entry shows it with the entry site's own bar, /home
 * (inside the console shell) when no home page content is set.
 */
export function EntryLanding() {
  const account = ACCOUNT_COPY[registrationMode(useStatusStore((state) => state.status))];
  return (
    <main>
      <section className={styles.hero} aria-labelledby="entry-hero-title">
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>一站式 AI 模型网关</p>
            <h1 id="entry-hero-title" className={styles.heroTitle}>
              一个接口，接入众多大模型
            </h1>
            <p className={styles.heroLead}>
              通过与 OpenAI 兼容的统一接口调用多家厂商的模型，预付额度、用量透明。数据市场、可视化数据处理工作流与多模型对比对话，覆盖从数据准备到模型选型的完整流程。
            </p>
            <div className={styles.heroActions}>
              <Link to="/login" className={styles.primaryButton}>
                登录控制台
              </Link>
              <Link to="/data-market" className={styles.secondaryButton}>
                浏览数据市场
              </Link>
            </div>
            <p className={styles.heroNote}>{account.note}</p>
          </div>
          <img className={styles.heroImage} src={heroImage} alt="模型网关控制台示意图" />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="entry-capabilities-title">
        <h2 id="entry-capabilities-title" className={styles.sectionTitle}>
          核心能力
        </h2>
        <ul className={styles.capabilityGrid}>
          {capabilities.map(({ title, description, icon: Icon }) => (
            <li key={title} className={styles.capability}>
              <span className={styles.capabilityIcon} aria-hidden="true">
                <Icon />
              </span>
              <h3 className={styles.capabilityTitle}>{title}</h3>
              <p className={styles.capabilityText}>{description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="entry-news-title">
        <h2 id="entry-news-title" className={styles.sectionTitle}>
          数据资讯
        </h2>
        <ul className={styles.cardGrid}>
          {newsByDate.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.inviteSection} aria-labelledby="entry-invite-title">
        <div className={styles.invite}>
          <h2 id="entry-invite-title" className={styles.inviteTitle}>
            {account.title}
          </h2>
          <p className={styles.inviteText}>{account.text}</p>
          <Link to="/login" className={styles.primaryButton}>
            前往登录
          </Link>
        </div>
      </section>
    </main>
  );
}
