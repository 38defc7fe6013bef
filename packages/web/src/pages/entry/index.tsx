import { EntryLanding } from './entry-landing';
import EntryHeader from './entry-header';
import styles from './entry.module.css';

/** /entry: the public landing page of the product. */
export default function EntryPage() {
  return (
    <div className={styles.page}>
      <EntryHeader />
      <EntryLanding />
    </div>
  );
}
