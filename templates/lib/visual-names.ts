/**
 * The names data files use to pick a drawing or an icon. They live apart from the components so the data schemas can
 * validate them without importing React.
 */
export const ILLUSTRATIONS = ['new-home', 'addition', 'adu', 'remodel', 'bathroom', 'design-build', 'floor-plan', 'eichler'] as const;
export type IllustrationName = (typeof ILLUSTRATIONS)[number];

export const ICON_NAMES = [
  'users', 'ruler', 'eye', 'shield', 'hammer', 'heart', 'home', 'clipboard',
  'drafting', 'file-check', 'layers', 'sofa', 'shovel', 'gem', 'bath', 'kitchen', 'zap', 'leaf', 'house-plus',
  'garage', 'sun', 'compass', 'calculator', 'key', 'messages', 'handshake', 'wrench',
] as const;
export type IconName = (typeof ICON_NAMES)[number];
