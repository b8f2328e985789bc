import type { PageContext, PageMeta, StaticPath } from '../../../src/index.ts';
import { Faqs } from '../../components/faqs.tsx';
import { Layout } from '../../components/layout.tsx';
import { CallToAction, PageHero, Section, Steps } from '../../components/sections.tsx';
import { Check } from '../../components/icons.tsx';
import { pageMeta } from '../../lib/page-meta.ts';
import { breadcrumbJsonLd } from '../../lib/structured-data.ts';
import type { SiteData } from '../../site.config.ts';

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
  return (
    <Layout context={context}>
      <PageHero title={page.title} subtitle={page.tagline} />
      <Section id="overview" title="Overview">
        {page.intro.split('\n\n').map((paragraph) => (
          <p key={paragraph.slice(0, 24)} className="prose">
            {paragraph}
          </p>
        ))}
      </Section>
      <Section id="what-we-offer" title="What We Offer" className="section-alt">
        <ul className="card-grid card-grid-3">
          {page.offerings.map((offering) => (
            <li key={offering.title} className="card offering">
              <Check aria-hidden="true" width={24} height={24} className="card-icon" />
              <h3>{offering.title}</h3>
              <p>{offering.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="process" title="Our Process">
        <Steps steps={page.process} />
      </Section>
      {page.figures.length > 0 ? (
        <Section id="cost-and-timeline" title="Typical Cost and Timeline" intro="Every project is priced on its own plans and site; these are the ranges we see most often." className="section-alt">
          <dl className="figures">
            {page.figures.map((figure) => (
              <div key={figure.label}>
                <dt>{figure.label}</dt>
                <dd>{figure.value}</dd>
              </div>
            ))}
          </dl>
        </Section>
      ) : null}
      {page.faqs.length > 0 ? (
        <Faqs faqs={page.faqs} />
      ) : null}
      <CallToAction id="service-cta" title={page.ctaTitle} text={page.ctaText} label="Book Your Consultation" />
    </Layout>
  );
}
