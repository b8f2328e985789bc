import type { SiteData } from '../collections.ts';
import { formatDate } from '../lib/dates.ts';
import { ArrowRight, Calendar, Clock } from './icons.tsx';
import { Illustration } from './illustrations.tsx';
import { PHONE_PREVIEW_WIDTH, PHONE_TILE_WIDTH } from '../lib/image-urls.ts';
import { ResponsiveImage } from './responsive-image.tsx';

type Project = SiteData['projects'][number];
type Post = SiteData['posts'][number];

export function ServiceCards({ pages }: { pages: SiteData['servicePages'] }) {
  return (
    <ul className="card-grid card-grid-3">
      {pages.map((page) => (
        <li key={page.slug} className="card service-card">
          <Illustration name={page.illustration} />
          <h3>
            <a href={`/services/${page.slug}`}>{page.title}</a>
          </h3>
          <p>{page.tagline}</p>
          <span className="card-more" aria-hidden="true">
            Learn more <ArrowRight width={16} height={16} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A project tile; `featured` tiles (the home page's) show a preview-sized photo on phones, the others at most twice the tile. */
export function ProjectCard({ project, featured = false, priority = false }: { project: Project; featured?: boolean; priority?: boolean }) {
  return (
    <article className="card project-card">
      <ResponsiveImage
        src={project.image}
        alt={project.imageAlt}
        width={800}
        height={600}
        sizes="(min-width: 1024px) 25vw, (min-width: 768px) 50vw, calc(100vw - 2rem)"
        priority={priority}
        phoneMaxWidth={featured ? PHONE_PREVIEW_WIDTH : PHONE_TILE_WIDTH}
      />
      <div className="card-body">
        <p className="badge">{project.category}</p>
        <h3>
          <a href={`/gallery/${project.id}`}>{project.title}</a>
        </h3>
        <p className="muted">
          {project.location}
          {featured ? null : ` · Completed ${project.completed}`}
        </p>
        {featured ? null : <p>{project.summary}</p>}
      </div>
    </article>
  );
}

/** A post tile; the first of a list is its `priority` tile, whose photo is a phone's largest paint. */
export function PostCard({ post, priority = false }: { post: Post; priority?: boolean }) {
  return (
    <article className="card post-card">
      <ResponsiveImage src={post.coverImage} alt={post.coverAlt} width={800} height={450} sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, calc(100vw - 2rem)" priority={priority} />
      <div className="card-body">
        <p className="badge">{post.category}</p>
        <PostMeta post={post} />
        <h2>
          <a href={`/blog/${post.slug}`}>{post.title}</a>
        </h2>
        <p>{post.excerpt}</p>
        <a className="button button-secondary" href={`/blog/${post.slug}`} aria-label={`Read Article: ${post.title}`}>
          Read Article
        </a>
      </div>
    </article>
  );
}

/** A post's date and read time. */
export function PostMeta({ post }: { post: Pick<Post, 'date' | 'readTime'> }) {
  return (
    <p className="post-meta">
      <span>
        <Calendar aria-hidden="true" width={16} height={16} /> <time dateTime={post.date}>{formatDate(post.date)}</time>
      </span>
      <span>
        <Clock aria-hidden="true" width={16} height={16} /> {post.readTime}
      </span>
    </p>
  );
}
