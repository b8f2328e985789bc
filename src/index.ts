// What templates import from the engine.
export { defineSite, jsonFile, jsonFolder, jsonFolderOnDemand, markdownFolder } from './core/site-definition.ts';
export type { EditorBackend, EditorCollection, EditorOptions } from './core/editor-options.ts';
export type { Budgets, CspAdditions, DataIssue, DataOf, EagerDataOf, RecordCheckData, EnvDefinition, EnvField, JsonFolderRecord, MarkdownHtmlRecord, MarkdownRecord, MarkdownRenderer, OnDemandFolder, RedirectRule, ServiceWorkerOptions, SiteDefinition, SummaryOf } from './core/site-definition.ts';
export type { BuildInfo, ImageOptions, LinkTag, MetaTag, PageContext, PageMeta, PictureSet, RouteInfo, StaticPath } from './core/page-types.ts';
export { Picture, usePicture, type PictureProps } from './images/picture.tsx';
export { Island } from './render/island.tsx';
export type { HydrateOn } from './render/island.tsx';
export { RenderOnce } from './render/render-once.tsx';
export type { RenderOnceProps } from './render/render-once.tsx';
export { deepFreeze } from './core/deep-freeze.ts';
/** Attributes written as text, byte for byte as React writes them (for markup a site makes once, such as an icon's). */
/** Checks an http(s) origin (a site's env definition can validate one with it). */
export { normaliseSiteUrl } from './core/config.ts';
