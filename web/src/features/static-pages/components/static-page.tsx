import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router-dom';

import type { StaticPageKey, StaticPageSection } from '../content';
import '../static-pages.css';

export type SectionTone = 'note' | 'warning';

export interface StaticPageProps {
  page: StaticPageKey;
  title: string;
  intro?: string;
  /** Shown under the title, e.g. "Last updated: 22 November 2026". */
  lastUpdated?: { text: string; dateTime: string };
  sections: StaticPageSection[];
  /** Every occurrence of this address in the texts becomes a mailto link. */
  email?: string;
  /** Rendered between the header and the sections. */
  lead?: ReactNode;
  /** Extra content at the end of a section, keyed by section id. */
  extras?: Partial<Record<string, ReactNode>>;
  /** Sections shown as a highlighted box, keyed by section id. */
  tones?: Partial<Record<string, SectionTone>>;
  /** A table of contents, for the long legal pages. */
  showContents?: boolean;
}

export interface StaticPageLink {
  label: string;
  to: string;
  external?: boolean;
}

function withEmailLinks(text: string, email: string | undefined): ReactNode {
  if (!email || !text.includes(email)) {
    return text;
  }
  return text.split(email).flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          <a key={index} href={`mailto:${email}`}>
            {email}
          </a>,
          part,
        ],
  );
}

export function StaticPageLinks({ links }: { links: StaticPageLink[] }) {
  return (
    <ul className="static-page__links">
      {links.map((link) => (
        <li key={link.to}>
          {link.external ? (
            <a href={link.to} rel="noopener noreferrer">
              {link.label}
            </a>
          ) : (
            <Link to={link.to}>{link.label}</Link>
          )}
        </li>
      ))}
    </ul>
  );
}

export function StaticPage({
  page,
  title,
  intro,
  lastUpdated,
  sections,
  email,
  lead,
  extras = {},
  tones = {},
  showContents = false,
}: StaticPageProps) {
  const { t } = useTranslation();
  const headingId = `${page}-title`;
  const contentsId = `${page}-contents`;
  const sectionId = (section: StaticPageSection) => `${page}-${section.id}`;
  const text = (value: string) => withEmailLinks(value, email);

  return (
    <div className={`static-page static-page--${page}`}>
      <title>{`${title} · Trialflow`}</title>
      <article className="static-page__article" aria-labelledby={headingId}>
        <header className="static-page__header">
          <h1 id={headingId} className="static-page__title">
            {title}
          </h1>
          {lastUpdated ? (
            <p className="static-page__meta">
              <time dateTime={lastUpdated.dateTime}>{lastUpdated.text}</time>
            </p>
          ) : null}
          {intro ? <p className="static-page__intro">{text(intro)}</p> : null}
        </header>

        {lead}

        {showContents && sections.length > 2 ? (
          <nav className="static-page__contents" aria-labelledby={contentsId}>
            <p id={contentsId} className="static-page__contents-title">
              {t('pages.common.contents')}
            </p>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${sectionId(section)}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}

        {sections.map((section) => {
          const tone = tones[section.id];
          return (
            <section
              key={section.id}
              id={sectionId(section)}
              aria-labelledby={`${sectionId(section)}-title`}
              className={
                tone ? `static-page__section static-page__section--${tone}` : 'static-page__section'
              }
            >
              <h2 id={`${sectionId(section)}-title`} className="static-page__section-title">
                {section.title}
              </h2>
              {section.paragraphs.map((paragraph, index) => (
                <p key={`p${index}`}>{text(paragraph)}</p>
              ))}
              {section.items.length > 0 ? (
                <ul className="static-page__list">
                  {section.items.map((item, index) => (
                    <li key={`i${index}`}>{text(item)}</li>
                  ))}
                </ul>
              ) : null}
              {section.steps.length > 0 ? (
                <ol className="static-page__steps">
                  {section.steps.map((step, index) => (
                    <li key={`s${index}`}>{text(step)}</li>
                  ))}
                </ol>
              ) : null}
              {section.fields.length > 0 ? (
                <dl className="static-page__fields">
                  {section.fields.map((field, index) => (
                    <div key={`f${index}`} className="static-page__field">
                      <dt>{field.label}</dt>
                      <dd>{text(field.value)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {section.closing.map((paragraph, index) => (
                <p key={`c${index}`}>{text(paragraph)}</p>
              ))}
              {extras[section.id]}
            </section>
          );
        })}
      </article>
    </div>
  );
}
