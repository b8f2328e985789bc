import type { PageContext, PageMeta, StaticPath } from '../../../src/index.ts';
import { Faqs } from '../../components/faqs.tsx';
import { Layout } from '../../components/layout.tsx';
import { ProjectCard } from '../../components/cards.tsx';
import { CallToAction, FiguresBand, IconCards, PageHero, PullQuote, Section, Steps, TestimonialCard, TextWithAside } from '../../components/sections.tsx';
import { pageMeta } from '../../lib/page-meta.ts';
import { shownFigure } from '../../lib/prices.ts';
import { breadcrumbJsonLd } from '../../lib/structured-data.ts';
import type { SiteData } from '../../collections.ts';

type ServicePage = SiteData['servicePages'][number];
type Context = PageContext<SiteData, { page: ServicePage }>;

export function getStaticPaths({ data }: { data: SiteData }): StaticPath<{ page: ServicePage }>[] {
  return data.servicePages.map((page) => ({ params: { slug: page.slug }, props: { page } }));
}

export function meta(context: Context): PageMeta {
  const { page } = context.props;
  return pageMeta(context, {
    title: `${page.title} | ${context.data.business.name}`,
    description: page.metaDescription,
    jsonLd: [
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/' },
          { name: 'Services', path: '/services' },
          { name: page.title, path: context.path },
        ],
        context.site.url,
      ),
    ],
  });
}

export default function ServicePageView(context: Context) {
  const { page } = context.props;
  const project = context.data.projects.find((candidate) => candidate.id === page.projectId);
  const testimonial = context.data.home.testimonials.find((candidate) => candidate.id === page.testimonialId);
  return (
    <Layout context={context}>
      <PageHero title={page.title} subtitle={page.tagline} illustration={page.illustration} />
      <Section id="overview" title="Overview">
        <TextWithAside paragraphs={page.intro.split('\n\n')} aside={<PullQuote text={page.pullQuote} />} />
      </Section>
      <Section id="what-we-offer" title="What We Offer" className="section-alt">
        <IconCards items={page.offerings} className="offering" />
      </Section>
      <Section id="process" title="Our Process">
        <Steps steps={page.process} />
      </Section>
      {page.figures.length > 0 ? (
        <FiguresBand id="cost-and-timeline" title="Typical Cost and Timeline" intro="Every project is priced on its own plans and site; these are the ranges we see most often." figures={page.figures.map((figure) => shownFigure(context.data.site.prices, figure))} />
      ) : null}
      {project || testimonial ? (
        <Section id="recent-work" title="From a Recent Project" className={page.figures.length > 0 ? undefined : 'section-alt'}>
          <div className={project && testimonial ? 'proof-grid' : 'proof-single'}>
            {project ? <ProjectCard project={project} /> : null}
            {testimonial ? <TestimonialCard testimonial={testimonial} /> : null}
          </div>
        </Section>
      ) : null}
      {page.faqs.length > 0 ? (
        <Faqs faqs={page.faqs} />
      ) : null}
      <CallToAction id="service-cta" title={page.ctaTitle} text={page.ctaText} label="Book Your Consultation" />
    </Layout>
  );
}
