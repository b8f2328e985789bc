import type { ReactNode } from 'react';
import type { SiteData } from '../site.config.ts';
import { Pause, Play, valueIcons } from './icons.tsx';

/** A page section with its heading; the id ties the heading to the region for assistive technology. */
export function Section({ id, title, intro, className, children }: { id: string; title: string; intro?: string; className?: string; children: ReactNode }) {
  return (
    <section id={id} className={`section ${className ?? ''}`.trim()} aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="section-title">
          {title}
        </h2>
        {intro ? <p className="section-intro">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}

export function ValueCards({ values }: { values: SiteData['home']['values'] }) {
  return (
    <ul className="card-grid card-grid-3">
      {values.map((value) => {
        const Icon = valueIcons[value.icon];
        return (
          <li key={value.title} className="card value-card">
            {Icon ? <Icon aria-hidden="true" width={32} height={32} className="card-icon" /> : null}
            <h3>{value.title}</h3>
            <p>{value.description}</p>
          </li>
        );
      })}
    </ul>
  );
}

export function Stats({ stats }: { stats: SiteData['home']['stats'] }) {
  return (
    <dl className="stats">
      {stats.map((stat) => (
        <div key={stat.label} className="stat">
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The three testimonials. The home script turns them into a rotator: below 768 px only the active one shows,
 * with dot buttons and a pause button; without the script all three show, as on wide screens.
 */
export function Testimonials({ testimonials }: { testimonials: SiteData['home']['testimonials'] }) {
  return (
    <div className="testimonials-rotator" data-rotator="">
      <ul className="card-grid card-grid-3 testimonials">
        {testimonials.map((t) => (
          <li key={t.id} className="card testimonial" data-testimonial="">
            <figure>
              <blockquote>
                <p>{t.quote}</p>
              </blockquote>
              <figcaption>
                <span className="avatar" aria-hidden="true">
                  {t.initials}
                </span>
                <span>
                  <strong>{t.author}</strong>
                  <br />
                  {t.project}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <div className="rotator-controls" hidden>
        {testimonials.map((t, index) => (
          <button key={t.id} type="button" className="rotator-dot" data-show-testimonial="" aria-label={`Show testimonial ${index + 1} of ${testimonials.length}`} />
        ))}
        <button type="button" className="rotator-pause" data-rotator-pause="" aria-pressed="false">
          <Pause aria-hidden="true" width={16} height={16} className="icon-when-playing" />
          <Play aria-hidden="true" width={16} height={16} className="icon-when-paused" />
          <span className="sr-only">Pause the rotation</span>
        </button>
      </div>
    </div>
  );
}

/** Numbered steps as an ordered list, so the numbers are real list semantics. */
export function Steps({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className="steps">
      {steps.map((step, index) => (
        <li key={step.title} className="step">
          <span className="step-number" aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The closing call to action of a page. */
export function CallToAction({ id, title, text, label, href = '/contact' }: { id: string; title: string; text: string; label: string; href?: string }) {
  return (
    <section id={id} className="section cta-band" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`}>{title}</h2>
        <p>{text}</p>
        <a className="button button-primary button-large" href={href}>
          {label}
        </a>
      </div>
    </section>
  );
}

/** A page's opening banner with its single h1. */
export function PageHero({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <div className="page-hero">
      <div className="container">
        <h1>{title}</h1>
        {subtitle ? <p className="page-hero-subtitle">{subtitle}</p> : null}
        {children}
      </div>
    </div>
  );
}

/** The dark band of the four record figures. */
export function StatsBand({ stats }: { stats: SiteData['home']['stats'] }) {
  return (
    <section className="section stats-band" aria-label="Our record">
      <div className="container">
        <Stats stats={stats} />
      </div>
    </section>
  );
}

/** A breadcrumb trail; the last item is the current page. */
export function Breadcrumb({ trail, current }: { trail: readonly { name: string; href: string }[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {trail.map((item) => (
          <li key={item.href}>
            <a href={item.href}>{item.name}</a>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
