/** Every user-facing string the engine produces exists in English and Japanese. */
export interface Label {
  en: string;
  ja: string;
}

export type Locale = 'en' | 'ja';

export function label(en: string, ja: string): Label {
  return { en, ja };
}

export function localize(text: Label, locale: Locale): string {
  return text[locale];
}
