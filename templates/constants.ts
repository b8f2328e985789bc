// The specification's constants, in one place (spec section 9). Components import them; no magic numbers.

export const HERO_ROTATION_MS = 4000;
export const HERO_FADE_MS = 500;
export const HERO_REVEAL_DELAY_MS = 100;
export const PROJECT_SLIDE_MS = 5000;
export const TESTIMONIAL_ROTATION_MS = 10_000;
export const POPUP_DELAY_MS = 23_000;
export const SMALL_SCREEN_MAX_PX = 767; // small screen: viewport below 768 px
export const HEADER_SCROLL_THRESHOLD_PX = 10;
export const RELATED_SERVICES_PER_LANDING_PAGE = 3;
export const BLOG_LIST_SIZE = 6;
export const META_DESCRIPTION_MAX = 155;
export const LANDING_CACHE_SECONDS = 86_400;
export const EMAIL_LIBRARY_VERSION = '3.2.0';

export const PROJECT_TYPES = [
  'New Construction Home',
  'Home Addition',
  'ADU',
  'Full Home Remodeling',
  'Kitchen Remodeling',
  'Bathroom Remodeling',
  'Other',
] as const;
export const DEFAULT_PROJECT_TYPE = PROJECT_TYPES[0];

/** Where an inquiry came from; sent as the `source` template parameter. */
export type InquirySource = 'homepage' | 'contact-page' | 'landing-cta' | 'popup consultation' | 'general';
