import type { KeyboardEvent } from 'react';
import { Button } from '@arco-design/web-react';
import { IconCustomerService } from '@arco-design/web-react/icon';

/** The custom-data promo card of the grid (spec 3 §2.1); placed by showsPromo. */
export function PromoCard({ onOpen }: { onOpen: () => void }) {
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onOpen();
  };
  return (
    <article className="data-market-card data-market-promo" role="button" tabIndex={0} aria-label="定制数据" onClick={onOpen} onKeyDown={handleKeyDown}>
      <IconCustomerService className="data-market-promo-icon" />
      <h3>没有找到想要的数据？</h3>
      <p>告诉我们您需要的领域、类型和数量，我们为您定制数据集。</p>
      {/* The whole card is the button; this one only shows where to click. */}
      <Button type="primary" tabIndex={-1}>
        立即定制
      </Button>
    </article>
  );
}
