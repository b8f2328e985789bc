import type { BuildInfo } from '../../../src/index.ts';
import { rssDate } from '../../lib/dates.ts';
import type { SiteData } from '../../collections.ts';
import { blogList } from './index.tsx';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The blog's RSS 2.0 feed, linked from every page's head. */
export default function feed({ data, site }: { data: SiteData; site: BuildInfo }): string {
  const posts = blogList(data);
  const items = posts.map((post) => {
    const url = `${site.url}/blog/${post.slug}`;
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${url}</link>`,
      `      <guid isPermaLink="true">${url}</guid>`,
      `      <pubDate>${rssDate(post.date)}</pubDate>`,
      `      <category>${escapeXml(post.category)}</category>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(`${data.business.name}: Design & Build Insights`)}</title>`,
    `    <link>${site.url}/blog</link>`,
    `    <atom:link href="${site.url}/blog/feed.xml" rel="self" type="application/rss+xml" />`,
    '    <description>Expert advice, inspiration, and industry knowledge from our team.</description>',
    '    <language>en-us</language>',
    posts[0] ? `    <lastBuildDate>${rssDate(posts[0].date)}</lastBuildDate>` : '',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].filter((line) => line !== '').join('\n') + '\n';
}
