// What templates import from the engine.
export { deepFreeze } from './core/deep-freeze.ts';
export type { EditorBackend, EditorCollection, EditorOptions } from './core/editor-options.ts';
export type {
  BuildInfo,
  ImageOptions,
  LinkTag,
  MetaTag,
  PageContext,
  PageMeta,
  PictureSet,
  RouteInfo,
  StaticPath,
} from './core/page-types.ts';
export { defineSite, jsonFile, jsonFolder, jsonFolderOnDemand, markdownFolder } from './core/site-definition.ts';
export type {
  Budgets,
  CspAdditions,
  DataIssue,
  DataOf,
  EagerDataOf,
  EnvDefinition,
  EnvField,
  JsonFolderRecord,
  MarkdownHtmlRecord,
  MarkdownRecord,
  MarkdownRenderer,
  OnDemandFolder,
  RecordCheckData,
  RedirectRule,
  ServiceWorkerOptions,
  SiteDefinition,
  SummaryOf,
} from './core/site-definition.ts';
export { Picture, type PictureProps, usePicture } from './images/picture.tsx';
export { Island } from './render/island.tsx';
export type { HydrateOn } from './render/island.tsx';
export { RenderOnce } from './render/render-once.tsx';
export type { RenderOnceProps } from './render/render-once.tsx';
/** Attributes written as text, byte for byte as React writes them (for markup a site makes once, such as an icon's). */
/** Checks an http(s) origin (a site's env definition can validate one with it). */
export { normaliseSiteUrl } from './core/config.ts';
