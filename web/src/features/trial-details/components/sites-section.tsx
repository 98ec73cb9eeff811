import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { TrialSiteDto } from '@/api/types.gen';
import { useLanguage } from '@/i18n/use-language';
import { siteDistanceText } from '@/lib/site-distance';
import { FIRST_SITES, type TrialQuery, useAllSites } from '../api/get-trial';
import { ctgovStatusLabel, enumLabel } from '../labels';

/** The facility of the link first, then nearest first (no distance last); stable otherwise. */
export function orderSites(sites: TrialSiteDto[], facility: number | null): TrialSiteDto[] {
  return sites
    .map((site, index) => ({ site, index }))
    .sort(
      (a, b) =>
        Number(b.site.facilityId === facility) - Number(a.site.facilityId === facility) ||
        (a.site.distance ?? Infinity) - (b.site.distance ?? Infinity) ||
        a.index - b.index,
    )
    .map(({ site }) => site);
}

function SiteItem({
  site,
  unit,
  selected,
}: {
  site: TrialSiteDto;
  unit: string;
  selected: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const address = [site.zip, site.city, site.state, site.country].filter(Boolean).join(', ');
  const contacts = site.contacts.filter((c) => c.name || c.phone || c.email);
  return (
    <li className={selected ? 'site site--selected' : 'site'}>
      <div className="site__head">
        <h3 className="site__name">{site.facility || t('search.details.sites.unnamed')}</h3>
        {selected ? (
          <span className="tag tag--selected">{t('search.details.sites.selected')}</span>
        ) : null}
        <span className={`tag tag--status tag--${(site.status || 'unknown').toLowerCase()}`}>
          {ctgovStatusLabel(t, site.status)}
        </span>
      </div>
      {address ? <p className="site__address">{address}</p> : null}
      {site.distance !== null ? (
        <p className="site__distance">
          {siteDistanceText(
            t,
            language,
            'search.details.sites',
            { ...site, distance: site.distance },
            unit,
          )}
        </p>
      ) : null}
      {contacts.length > 0 ? (
        <ul className="site__contacts" aria-label={t('search.details.sites.contacts')}>
          {contacts.map((contact, i) => (
            <li key={i} className="site__contact">
              {contact.name ? <span className="site__contact-name">{contact.name}</span> : null}
              {contact.role ? (
                <span className="site__contact-role">
                  {enumLabel(t, 'contactRole', contact.role)}
                </span>
              ) : null}
              {contact.phone ? (
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
              ) : null}
              {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="site__no-contact">{t('search.details.sites.noContact')}</p>
      )}
    </li>
  );
}

/**
 * Every site of the trial: the facility of the link first, then nearest first. The details came
 * with the first FIRST_SITES of `total`; 'show all' asks for the others.
 */
export function SitesSection({
  sites,
  total,
  nctId,
  query,
  unit,
  facility,
}: {
  sites: TrialSiteDto[];
  total: number;
  nctId: string;
  query: TrialQuery;
  unit: string;
  facility: number | null;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const more = useAllSites(nctId, query, all && sites.length < total);
  const ordered = orderSites(all && more.data ? more.data : sites, facility);
  // Pending, not failed: a failure shows the first sites, its alert and the button to ask again.
  const loading = all && sites.length < total && more.isPending;
  const shown = all && !loading ? ordered : ordered.slice(0, FIRST_SITES);

  return (
    <section className="details-section sites" aria-labelledby="sites-title">
      <h2 id="sites-title" className="details-section__title">
        {t('search.details.sites.title', { count: total })}
      </h2>
      {total === 0 ? (
        <p className="details-section__note">{t('search.details.sites.none')}</p>
      ) : (
        <ol className="sites__list">
          {shown.map((site, i) => (
            <SiteItem
              key={`${site.facilityId}-${i}`}
              site={site}
              unit={unit}
              selected={facility !== null && site.facilityId === facility}
            />
          ))}
        </ol>
      )}
      {more.isError && all ? (
        <p className="details-section__note" role="alert">
          {t('search.details.sites.loadFailed')}
        </p>
      ) : null}
      {total > FIRST_SITES ? (
        <button
          type="button"
          className="button sites__more"
          aria-busy={loading}
          disabled={loading}
          onClick={() => (more.isError ? void more.refetch() : setAll((v) => !v))}
        >
          {loading
            ? t('search.details.sites.loadingAll')
            : all && !more.isError
              ? t('search.details.sites.showFewer')
              : t('search.details.sites.showAll', { count: total })}
        </button>
      ) : null}
    </section>
  );
}
