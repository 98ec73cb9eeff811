import { useTranslation } from '@/i18n/use-translation';

/** Page numbers to offer: first, last, and two either side of the current one; null = a gap. */
export function pageItems(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const items: (number | null)[] = [];
  for (const p of pages) {
    const last = items[items.length - 1];
    if (typeof last === 'number' && p - last > 1) {
      items.push(null);
    }
    items.push(p);
  }
  return items;
}

interface PagerProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

export function Pager({ page, pageCount, onChange }: PagerProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) {
    return null;
  }
  return (
    <nav className="pager" aria-label={t('search.pager.label')}>
      <button
        type="button"
        className="pager__step"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <span aria-hidden="true">‹</span> {t('search.pager.previous')}
      </button>
      <ol className="pager__pages">
        {pageItems(page, pageCount).map((item, i) =>
          item === null ? (
            <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={item === page ? 'pager__page pager__page--current' : 'pager__page'}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('search.pager.page', { page: item })}
                onClick={() => item !== page && onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ol>
      <button
        type="button"
        className="pager__step"
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        {t('search.pager.next')} <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
