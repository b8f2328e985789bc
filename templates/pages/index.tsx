import type { PageContext, PageMeta } from '../../src/index.ts';
import { ServiceAreaGrid } from '../components/areas.tsx';
import { ProjectCard, ServiceCards } from '../components/cards.tsx';
import { ConsultationForm } from '../components/consultation-form.tsx';
import { ArrowRight, Pause, Play } from '../components/icons.tsx';
import { Layout } from '../components/layout.tsx';
import { ResponsiveImage } from '../components/responsive-image.tsx';
import { PopupConsultation } from '../components/popup-consultation.tsx';
import { Section, StatsBand, Testimonials, ValueCards } from '../components/sections.tsx';
import { PHONE_PREVIEW_WIDTH, shareImage } from '../lib/image-urls.ts';
import { cityLandingHref } from '../lib/landing-data.ts';
import { fitTitle, pageMeta } from '../lib/page-meta.ts';
import { priceStatement } from '../lib/prices.ts';
import type { SiteData } from '../collections.ts';

type Context = PageContext<SiteData>;

export function meta(context: Context): PageMeta {
  const { business, site } = context.data;
  return pageMeta(context, {
    title: fitTitle(['Bay Area Additions, ADUs and Remodeling'], business.name),
    description: 'Home additions, ADUs, custom homes and full remodels, designed and built by one family-owned team in Santa Clara. Book a free consultation.',
    image: shareImage(site.hero.posterImage, context.picture),
    scripts: ['scripts/home.ts'],
  });
}

function Hero({ data }: { data: SiteData }) {
  const { hero } = data.site;
  return (
    <section className="hero" aria-labelledby="hero-title">
      {/*
        The still is an image, not the video's poster, so a phone downloads the width it shows (a poster has no
        srcset) at high priority: it is the page's largest paint. The video covers it once it plays; its source
        only matches when motion is welcome, so reduced-motion visitors keep the still. The home script starts it
        after the page has loaded (no autoplay attribute), so it never competes with the still for bandwidth.
      */}
      <ResponsiveImage className="hero-still" src={hero.posterImage} alt="" width={1600} height={1067} sizes="100vw" priority phoneMaxWidth={PHONE_PREVIEW_WIDTH} />
      <video className="hero-video" muted loop playsInline preload="none" aria-hidden="true" tabIndex={-1}>
        <source src={hero.videoUrl} type="video/mp4" media="(prefers-reduced-motion: no-preference)" />
      </video>
      <div className="hero-overlay" />
      <div className="container hero-content">
        <h1 id="hero-title">{hero.headline}</h1>
        <p className="hero-subheadline">{hero.subheadline}</p>
        <p className="hero-services">
          <span className="sr-only">Our services: {hero.rotatingServices.join(', ')}.</span>
          <span className="hero-rotating" aria-hidden="true" data-lines={JSON.stringify(hero.rotatingServices)}>
            {hero.rotatingServices[0]}
          </span>
        </p>
        <div className="button-row">
          {/* One strong action; the other two step back (outline, then a plain link). */}
          <a className="button button-light button-large" href="/contact">
            Get a Free Consultation
          </a>
          <a className="button button-outline-light button-large" href="/services">
            Explore Our Services
          </a>
          <a className="button button-quiet-light button-large" href="/gallery">
            View All Projects <ArrowRight aria-hidden="true" width={18} height={18} />
          </a>
        </div>
      </div>
      <button type="button" className="hero-pause" aria-pressed="false" hidden>
        <Pause aria-hidden="true" width={18} height={18} className="icon-when-playing" />
        <Play aria-hidden="true" width={18} height={18} className="icon-when-paused" />
        <span className="sr-only">Pause the background video and the rotating text</span>
      </button>
    </section>
  );
}

export default function Home(context: Context) {
  const { data } = context;
  const { home, site } = data;
  return (
    <Layout context={context}>
      <Hero data={data} />
      <Section id="features" title="Our Approach to Design & Build" intro="Every project starts with how you want to live, and stays on track because you always know where it stands.">
        <ValueCards values={home.values} />
      </Section>
      <Section id="featured-projects" title="Featured Projects" className="section-alt">
        <ul className="card-grid card-grid-4">
          {data.projects.slice(0, 4).map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} featured />
            </li>
          ))}
        </ul>
        <p className="section-more">
          <a className="button button-secondary" href="/gallery">
            View All Projects
          </a>
        </p>
      </Section>
      <StatsBand stats={home.stats} />
      <Section id="services" title="Our Services" intro="Design, permits and construction from one team, with the structural design by a licensed structural engineer we partner with.">
        <ServiceCards pages={data.servicePages} />
      </Section>
      <Section id="testimonials" title="What Our Clients Say" className="section-alt">
        <Testimonials testimonials={home.testimonials} />
      </Section>
      <Section id="our-story" title={home.story.teaserTitle}>
        <div className="prose">
          <p className="lead">{home.story.teaser}</p>
          <a className="button button-secondary" href="/about">
            Read Our Story
          </a>
        </div>
      </Section>
      <Section id="service-areas" title="Areas We Serve" intro="We design and build across Silicon Valley, from the Peninsula to Fremont in the East Bay." className="section-alt">
        <ServiceAreaGrid areas={site.serviceAreas.home} linkFor={(city) => cityLandingHref(data, city)} />
      </Section>
      <Section id="seo-text" title={home.seoText.title}>
        {home.seoText.paragraphs.map((paragraph) =>
          typeof paragraph === 'string' ? <p key={paragraph.slice(0, 24)}>{paragraph}</p> : <p key={paragraph.prices.join(' ')}>{priceStatement(site.prices, paragraph.prices)}</p>,
        )}
        <p>
          Learn more about{' '}
          {site.seoLinks.map((link, index) => (
            <span key={link.href}>
              <a href={link.href}>{link.label}</a>
              {index < site.seoLinks.length - 2 ? ', ' : index === site.seoLinks.length - 2 ? ' and ' : '.'}
            </span>
          ))}
        </p>
      </Section>
      <Section id="consultation" title="Book Your Free Consultation" intro="Tell us about your project. We'll be in touch within 24-48 hours." className="section-alt">
        <ConsultationForm context={context} source="homepage" hydrate="visible" />
      </Section>
      <PopupConsultation context={context} />
    </Layout>
  );
}

