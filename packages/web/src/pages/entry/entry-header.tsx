import { Link } from 'react-router-dom';
import logo from './images/logo.svg';
import styles from './entry.module.css';

/** The top bar shared by the landing page and the news pages (they have no sidebar). */
export default function EntryHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link to="/entry" className={styles.brand}>
          <img src={logo} alt="" width={28} height={28} />
          <span>AI 模型网关</span>
        </Link>
        <nav className={styles.headerNav} aria-label="站点导航">
          <Link to="/data-market" className={styles.headerLink}>
            数据市场
          </Link>
          <Link to="/login" className={styles.primaryButton}>
            登录
          </Link>
        </nav>
      </div>
    </header>
  );
}
