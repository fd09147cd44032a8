/**
 * The players' colours, seat 0 to 4: the Okabe–Ito palette's vermillion,
 * blue, bluish green, orange and reddish purple, chosen to stay apart for
 * colour-blind players (routes also keep apart by lane, pawns by position).
 */
export const PLAYER_COLOURS = ['#d55e00', '#0072b2', '#009e73', '#e69f00', '#cc79a7'] as const;

/** WCAG relative luminance of a "#rrggbb" colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const INK = '#1f2a37';

/** The text colour that reads best on `background` ("#rrggbb"): white or the board's dark ink. */
export function inkOn(background: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(background)) return '#fff';
  const bg = luminance(background);
  const onWhite = 1.05 / (bg + 0.05);
  const onInk = (bg + 0.05) / (luminance(INK) + 0.05);
  return onWhite >= onInk ? '#fff' : INK;
}

/** `colour` ("#rrggbb"), darkened just enough for white text on it to reach 4.5:1 (WCAG AA). */
export function darkEnoughForWhite(colour: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(colour)) return colour;
  let [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  const hex = () => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
  for (let i = 0; i < 20 && 1.05 / (luminance(hex()) + 0.05) < 4.5; i++) [r, g, b] = [r * 0.94, g * 0.94, b * 0.94];
  return hex();
}

/**
 * Each player colour's shape, in the order of PLAYER_COLOURS, so that colour
 * is never the only cue: a player's pawn, line and sheet carry it too.
 */
export const PLAYER_SHAPES = ['circle', 'triangle', 'square', 'diamond', 'star'] as const;

/** The shape of a player colour ("#rrggbb" from PLAYER_COLOURS); a circle for any other. */
export function playerShape(colour: string): (typeof PLAYER_SHAPES)[number] {
  const i = (PLAYER_COLOURS as readonly string[]).indexOf(colour);
  return PLAYER_SHAPES[i < 0 ? 0 : i];
}
