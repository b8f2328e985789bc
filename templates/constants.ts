// The specification's constants, in one place (spec section 9): timings, sizes, limits. Components and
// scripts import them; no magic numbers elsewhere. The consultation request's own texts and choices (project
// types, notices) live with the inquiry in lib/inquiry.ts, so pages without a form do not download them.

export const HERO_ROTATION_MS = 4000;
export const HERO_FADE_MS = 500;
export const HERO_REVEAL_DELAY_MS = 100;
/** Spec: the featured-projects index advances every 5 s but has no visible effect, so no timer runs on it. */
export const PROJECT_SLIDE_MS = 5000;
export const TESTIMONIAL_ROTATION_MS = 10_000;
export const POPUP_DELAY_MS = 23_000;
export const SMALL_SCREEN_MAX_PX = 767; // small screen: viewport below 768 px
export const HEADER_SCROLL_THRESHOLD_PX = 10;
/** The Services dropdown: hover opens after 200 ms, again at once within 300 ms of closing, and closes 150 ms after the pointer leaves. */
export const NAV_OPEN_DELAY_MS = 200;
export const NAV_SKIP_DELAY_MS = 300;
export const NAV_CLOSE_DELAY_MS = 150;
export const RELATED_SERVICES_PER_LANDING_PAGE = 3;
export const BLOG_LIST_SIZE = 6;
export const META_DESCRIPTION_MAX = 155;
// Search results cut a title near 70 characters (html-validate's long-title default).
export const MAX_TITLE_LENGTH = 70;
export const LANDING_CACHE_SECONDS = 86_400;
export const SERVICE_WORKER_URL = '/service-worker.js';
export const SERVICE_WORKER_REGISTER_DELAY_MS = 500;
export const SERVICE_WORKER_UPDATE_INTERVAL_MS = 60_000;

/** The version @emailjs/browser sends as lib_version (the spec's 3.2.0 was an older release of the library). */
export const EMAIL_LIBRARY_VERSION = '4.4.1';
/** A send with no answer fails after this long, so the form always leaves its submitting state. */
export const SEND_TIMEOUT_MS = 15_000;
/** A success notice closes itself after this long (unless the pointer or focus is on it); a failure stays until dismissed. */
export const SUCCESS_NOTICE_MS = 8000;

// The browser chrome colour (the spec's light green) and the splash background of the installed site.
export const THEME_COLOR = '#dcefe0';
export const BACKGROUND_COLOR = '#ffffff';
