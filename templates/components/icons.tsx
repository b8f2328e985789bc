// One module per icon, not the package's index: the index loads all of Lucide's icons (about 170 ms in Node at
// every build, and as much parsing for esbuild), for the few dozen the site draws.
import type { LucideIcon } from 'lucide-react';
import Bath from 'lucide-react/icons/bath';
import Calculator from 'lucide-react/icons/calculator';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import CookingPot from 'lucide-react/icons/cooking-pot';
import DraftingCompass from 'lucide-react/icons/drafting-compass';
import Eye from 'lucide-react/icons/eye';
import FileCheck from 'lucide-react/icons/file-check';
import Gem from 'lucide-react/icons/gem';
import Hammer from 'lucide-react/icons/hammer';
import Handshake from 'lucide-react/icons/handshake';
import Heart from 'lucide-react/icons/heart';
import Home from 'lucide-react/icons/house';
import HousePlus from 'lucide-react/icons/house-plus';
import KeyRound from 'lucide-react/icons/key-round';
import Layers from 'lucide-react/icons/layers';
import Leaf from 'lucide-react/icons/leaf';
import MessagesSquare from 'lucide-react/icons/messages-square';
import PencilRuler from 'lucide-react/icons/pencil-ruler';
import Ruler from 'lucide-react/icons/ruler';
import Shield from 'lucide-react/icons/shield';
import Shovel from 'lucide-react/icons/shovel';
import Sofa from 'lucide-react/icons/sofa';
import Sun from 'lucide-react/icons/sun';
import Users from 'lucide-react/icons/users';
import Warehouse from 'lucide-react/icons/warehouse';
import Wrench from 'lucide-react/icons/wrench';
import Zap from 'lucide-react/icons/zap';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Award from 'lucide-react/icons/award';
import Calendar from 'lucide-react/icons/calendar';
import Check from 'lucide-react/icons/check';
import Clock from 'lucide-react/icons/clock';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Menu from 'lucide-react/icons/menu';
import Pause from 'lucide-react/icons/pause';
import Phone from 'lucide-react/icons/phone';
import Play from 'lucide-react/icons/play';
import ChevronDown from 'lucide-react/icons/chevron-down';
import X from 'lucide-react/icons/x';
import type { IconName } from '../lib/visual-names.ts';

export { ArrowLeft, ArrowRight, ArrowUp, Award, Calendar, Check, Clock, Mail, MapPin, Menu, Pause, Phone, Play, ChevronDown, X };

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
