import type { BlogPosting, WithContext } from 'schema-dts';
import type { PageContext, PageMeta, StaticPath } from '../../../src/index.ts';
import { PostMeta } from '../../components/cards.tsx';
import { ArrowLeft } from '../../components/icons.tsx';
import { Layout } from '../../components/layout.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { shareImage } from '../../lib/image-urls.ts';
import { markdownToText } from '../../lib/markdown-text.ts';
import { fitTitle, pageMeta, truncate } from '../../lib/page-meta.ts';
import type { SiteData } from '../../collections.ts';

type Post = SiteData['posts'][number];
type Context = PageContext<SiteData, { post: Post }>;

export function getStaticPaths({ data }: { data: SiteData }): StaticPath<{ post: Post }>[] {
  return data.posts.map((post) => ({ params: { slug: post.slug }, props: { post } }));
}

/** The post's meta description: its opening text, cut to 155 characters with an ellipsis. */
export function postDescription(post: Post): string {
  return truncate(markdownToText(post.body));
}

function postJsonLd(context: Context): WithContext<BlogPosting> {
  const { post } = context.props;
  const { business } = context.data;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: postDescription(post),
    // Absolute, as search engines read it: the owner's own photo is a path on this site.
    image: new URL(shareImage(post.coverImage, context.picture), context.url).href,
    datePublished: post.date,
    dateModified: post.date,
    articleSection: post.category,
    mainEntityOfPage: context.url,
    url: context.url,
    author: { '@type': 'Organization', name: business.name, url: `${context.site.url}/` },
    publisher: { '@type': 'Organization', name: business.name, url: `${context.site.url}/` },
  };
}

export function meta(context: Context): PageMeta {
  const { post } = context.props;
  return pageMeta(context, {
    title: fitTitle([post.title], context.data.business.name),
    description: postDescription(post),
    ogType: 'article',
    image: shareImage(post.coverImage, context.picture),
    jsonLd: [postJsonLd(context)],
    sitemap: { lastmod: post.date },
  });
}

export default function PostPage(context: Context) {
  const { post } = context.props;
  return (
    <Layout context={context}>
      <article className="post">
        <div className="container container-narrow">
          <p>
            <a className="back-link" href="/blog">
              <ArrowLeft aria-hidden="true" width={16} height={16} />
              Back to Blog
            </a>
          </p>
          <p className="badge">{post.category}</p>
          <h1>{post.title}</h1>
          <PostMeta post={post} />
          <ResponsiveImage className="post-cover" src={post.coverImage} alt={post.coverAlt} width={1200} height={675} sizes="(min-width: 800px) 760px, 100vw" priority />
          <div className="prose" dangerouslySetInnerHTML={{ __html: post.html }} />
          <aside className="post-cta" aria-labelledby="post-cta-title">
            <h2 id="post-cta-title">Planning a project like this?</h2>
            <p>Talk it through with our design-build team.</p>
            <a className="button button-primary" href="/contact">
              Schedule a Consultation
            </a>
          </aside>
        </div>
      </article>
    </Layout>
  );
}
