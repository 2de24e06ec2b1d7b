// The languages RZ coaches in: one folder each (pack.ts with its data, messages.ts with texts).
import type { LanguagePack } from './types.ts';
import { DE } from './de/pack.ts';
import { EN } from './en/pack.ts';

export const LANGUAGES: Record<'de' | 'en', LanguagePack> = { de: DE, en: EN };
