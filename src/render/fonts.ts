// Fonts come from npm (Noto Sans JP covers Latin and Japanese), so no system font is ever assumed.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

/** The only family the renderer uses. */
export const FONT_FAMILY = 'Arbiter Sans';

let registered = false;

/** Registers the bundled fonts once per process (and once per worker thread). */
export function ensureFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('@expo-google-fonts/noto-sans-jp/package.json'));
  for (const file of ['400Regular/NotoSansJP_400Regular.ttf', '700Bold/NotoSansJP_700Bold.ttf']) {
    const key = GlobalFonts.registerFromPath(join(root, file), FONT_FAMILY);
    if (!key) throw new Error(`could not register font ${file}`);
  }
  registered = true;
}

export type Weight = 'regular' | 'bold';

export function font(size: number, weight: Weight = 'regular'): string {
  return `${weight === 'bold' ? 'bold ' : ''}${size}px "${FONT_FAMILY}"`;
}
