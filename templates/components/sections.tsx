import type { ReactNode } from 'react';
import type { SiteData } from '../collections.ts';
import type { IconName, IllustrationName } from '../lib/visual-names.ts';
import { Pause, Play, namedIcons } from './icons.tsx';
import { Illustration } from './illustrations.tsx';

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

/** Cards with an icon, a title and a short text: the home and about values, a service page's offerings. */
export function IconCards({ items, className }: { items: readonly { title: string; text: string; icon: IconName }[]; className: string }) {
  return (
    <ul className="card-grid card-grid-3">
      {items.map((item) => {
        const Icon = namedIcons[item.icon];
        return (
          <li key={item.title} className={`card ${className}`}>
            <Icon aria-hidden="true" width={32} height={32} className="card-icon" />
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        );
      })}
    </ul>
  );
}

export function ValueCards({ values }: { values: readonly { title: string; description: string; icon: IconName }[] }) {
  return <IconCards items={values.map((value) => ({ title: value.title, text: value.description, icon: value.icon }))} className="value-card" />;
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
            <TestimonialFigure testimonial={t} />
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

/** Numbered steps as an ordered list, so the numbers are real list semantics; CSS draws the line that joins them. */
export function Steps({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className="steps timeline">
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

/** A page's opening banner with its single h1, and a drawing beside it when the page has one. */
export function PageHero({ title, subtitle, illustration, children }: { title: string; subtitle?: string; illustration?: IllustrationName; children?: ReactNode }) {
  return (
    <div className={illustration ? 'page-hero page-hero-illustrated' : 'page-hero'}>
      <div className="container">
        <div className="page-hero-text">
          <h1>{title}</h1>
          {subtitle ? <p className="page-hero-subtitle">{subtitle}</p> : null}
          {children}
        </div>
        {illustration ? <Illustration name={illustration} /> : null}
      </div>
    </div>
  );
}

/** A sentence set large beside the text it comes from, to give a long page a place for the eye to land. */
export function PullQuote({ text }: { text: string }) {
  return (
    <figure className="pull-quote">
      <blockquote>
        <p>{text}</p>
      </blockquote>
    </figure>
  );
}

/**
 * Paragraphs in a reading column with a pull quote or a drawing beside them on wide screens. On phones the aside
 * sits between the paragraphs, at the break nearest half the text, so a long text gets a rest where the eye needs one.
 */
export function TextWithAside({ paragraphs, aside, children }: { paragraphs: readonly string[]; aside: ReactNode; children?: ReactNode }) {
  const half = middleBreak(paragraphs.map((paragraph) => paragraph.length));
  return (
    <div className="text-with-aside">
      {paragraphs.slice(0, half).map((paragraph) => (
        <p key={paragraph.slice(0, 24)}>{paragraph}</p>
      ))}
      <div className="aside">{aside}</div>
      {paragraphs.slice(half).map((paragraph) => (
        <p key={paragraph.slice(0, 24)}>{paragraph}</p>
      ))}
      {children}
    </div>
  );
}

/** How many paragraphs go before the aside: at least one, and the break that leaves the two parts nearest in length. */
export function middleBreak(lengths: readonly number[]): number {
  const total = lengths.reduce((sum, length) => sum + length, 0);
  let best = 1;
  let bestGap = Infinity;
  let before = 0;
  for (let count = 1; count <= Math.max(1, lengths.length - 1); count++) {
    before += lengths[count - 1] ?? 0;
    const gap = Math.abs(before - total / 2);
    if (gap < bestGap) [best, bestGap] = [count, gap];
  }
  return best;
}

type Testimonial = SiteData['home']['testimonials'][number];

/** One client's words with their name, initials and project. */
function TestimonialFigure({ testimonial, className }: { testimonial: Testimonial; className?: string }) {
  return (
    <figure className={className}>
      <blockquote>
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption>
        <span className="avatar" aria-hidden="true">
          {testimonial.initials}
        </span>
        <span>
          <strong>{testimonial.author}</strong>
          <br />
          {testimonial.project}
        </span>
      </figcaption>
    </figure>
  );
}

/** One client's words as a card of its own. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return <TestimonialFigure testimonial={testimonial} className="card testimonial testimonial-single" />;
}

/** A band of large figures (cost, time, record) on the brand's dark green. */
export function FiguresBand({ id, title, intro, figures }: { id: string; title: string; intro?: string; figures: readonly { label: string; value: string }[] }) {
  return (
    <section id={id} className="section stats-band figures-band" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="section-title">
          {title}
        </h2>
        {intro ? <p className="section-intro">{intro}</p> : null}
        <Stats stats={figures.map((figure) => ({ value: figure.value, label: figure.label }))} />
      </div>
    </section>
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

/** One step of a breadcrumb trail: a page's name and path. */
export interface TrailItem {
  name: string;
  path: string;
}

/** A breadcrumb trail; the last item is the current page. The same trail gives search engines the page's BreadcrumbList. */
export function Breadcrumb({ trail }: { trail: readonly TrailItem[] }) {
  const current = trail.at(-1);
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {trail.slice(0, -1).map((item) => (
          <li key={item.path}>
            <a href={item.path}>{item.name}</a>
          </li>
        ))}
        <li aria-current="page">{current?.name}</li>
      </ol>
    </nav>
  );
}
