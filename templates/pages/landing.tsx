import type { PageContext, PageMeta } from '../../src/index.ts';
import { CityChips } from '../components/areas.tsx';
import { ConsultationForm } from '../components/consultation-form.tsx';
import { Check } from '../components/icons.tsx';
import { Layout } from '../components/layout.tsx';
import { CallToAction, Section, StatsBand, TestimonialCard } from '../components/sections.tsx';
import { Illustration } from '../components/illustrations.tsx';
import { cityLandingHref } from '../lib/landing-data.ts';
import { CONSULTATION_DRAFT_SCRIPT, fitTitle, pageMeta, truncate } from '../lib/page-meta.ts';
import { priceStatement } from '../lib/prices.ts';
import type { SiteData } from '../collections.ts';

type Context = PageContext<SiteData>;

export function meta(context: Context): PageMeta {
  const { landing } = context.data.home;
  return pageMeta(context, {
    title: fitTitle([landing.headline], context.data.business.name),
    description: truncate(landing.subheadline),
    scripts: [CONSULTATION_DRAFT_SCRIPT],
  });
}

export default function Landing(context: Context) {
  const { data } = context;
  const { landing, stats, testimonials, story } = data.home;
  const testimonial = testimonials[0];
  return (
    <Layout context={context}>
      <section className="landing-hero" aria-labelledby="landing-title">
        <div className="container landing-hero-grid">
          <div>
            <h1 id="landing-title">{landing.headline}</h1>
            <p className="lead">{landing.subheadline}</p>
            <ul className="badges">
              {landing.badges.map((badge) => (
                <li key={badge}>
                  <Check aria-hidden="true" width={18} height={18} /> {badge}
                </li>
              ))}
            </ul>
          </div>
          <div className="card quote-card">
            <h2>Get Your Free Estimate</h2>
            <ConsultationForm context={context} source="landing-cta" hydrate="interaction" compact submitLabel="Get My Free Estimate" />
          </div>
        </div>
      </section>
      <StatsBand stats={stats} />
      <Section id="landing-services" title="What We Build">
        <ul className="card-grid card-grid-3">
          {landing.serviceCards.map((card) => (
            <li key={card.service} className="card service-card">
              <Illustration name={card.illustration} />
              <h3>{card.title}</h3>
              <p>{card.text}</p>
              {card.prices ? <p>{priceStatement(data.site.prices, card.prices)}</p> : null}
              <a className="button button-secondary" href={`/contact?service=${card.service}`}>
                Get an Estimate for {card.title}
              </a>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="key-cities" title="Serving Homeowners Across the Bay Area" className="section-alt">
        <CityChips cities={data.site.serviceAreas.landingKeyCities} linkFor={(city) => cityLandingHref(data, city)} />
        <p className="prose">{landing.seoText}</p>
      </Section>
      {testimonial ? (
        <Section id="landing-testimonial" title="From a Recent Client">
          <TestimonialCard testimonial={testimonial} />
        </Section>
      ) : null}
      <Section id="landing-story" title={story.teaserTitle} className="section-alt">
        <p className="prose">{story.teaser}</p>
      </Section>
      <CallToAction id="availability" title={landing.availabilityTitle} text={landing.availabilityText} label="Book Your Free Consultation" />
    </Layout>
  );
}
