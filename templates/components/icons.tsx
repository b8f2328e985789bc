import {
  Bath, Calculator, ClipboardCheck, CookingPot, DraftingCompass, Eye, FileCheck, Gem, Hammer, Handshake, Heart, Home, HousePlus, KeyRound, Layers,
  Leaf, MessagesSquare, PencilRuler, Ruler, Shield, Shovel, Sofa, Sun, Users, Warehouse, Wrench, Zap, type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../lib/visual-names.ts';

export { ArrowLeft, ArrowRight, ArrowUp, Award, Calendar, Check, Clock, Mail, MapPin, Menu, Pause, Phone, Play, ChevronDown, X } from 'lucide-react';

/** Card icons by the names the data files use (validated against ICON_NAMES). */
export const namedIcons: Record<IconName, LucideIcon> = {
  users: Users, ruler: Ruler, eye: Eye, shield: Shield, hammer: Hammer, heart: Heart, home: Home, clipboard: ClipboardCheck,
  drafting: PencilRuler, 'file-check': FileCheck, layers: Layers, sofa: Sofa, shovel: Shovel, gem: Gem, bath: Bath, kitchen: CookingPot,
  zap: Zap, leaf: Leaf, 'house-plus': HousePlus, garage: Warehouse, sun: Sun, compass: DraftingCompass, calculator: Calculator,
  key: KeyRound, messages: MessagesSquare, handshake: Handshake, wrench: Wrench,
};

/** Lucide has no brand marks; these are the simple Facebook and Instagram glyphs. */
export function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.9c0-.6.4-.9 1-.9Z" />
    </svg>
  );
}

export function InstagramIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}
