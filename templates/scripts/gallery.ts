import { enhanceGalleryFilter } from '../client/gallery-filter.ts';

const gallery = document.querySelector<HTMLElement>('[data-gallery-filter]');
if (gallery) enhanceGalleryFilter(gallery);
